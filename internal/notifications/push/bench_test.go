package push_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/app/orgtest"
	"github.com/hive/hive/internal/notifications/push"
	"github.com/hive/hive/internal/notifications/push/pushtest"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
)

// benchDevices is the target figure's audience: one offer pushed to 10,000 subscribed devices.
const benchDevices = 10_000

// BenchmarkPushOneOfferTo10000Devices measures the time from an offer's delivery round (the
// notification worker queuing its pushes) to the local push service holding all 10,000,
// each encrypted for its device (RFC 8291), signed (VAPID) and decrypted by the service, with
// one sender (one node) and with two senders working the outbox at once (two nodes). The
// devices are the freelancer's, so one offer is 10,000 pushes; the push service answers on the
// loopback, so the figure is Hive's side: the outbox, the encryption and the HTTP requests.
func BenchmarkPushOneOfferTo10000Devices(b *testing.B) {
	for _, e := range databasetest.Available() {
		b.Run(e.Name, func(b *testing.B) {
			db := e.Open(b)
			s := apptest.Start(b, db)
			w := orgtest.Build(b, db)
			svc := pushtest.Start()
			b.Cleanup(svc.Close)
			svc.VAPIDKey = s.App.Push.Keys.Public
			subscribeDevices(b, db, svc, w.Users[apptest.Freelancer], benchDevices)
			s.App.Notify.FoldWindow = -1
			quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
			for _, nodes := range []int{1, 2} {
				b.Run(fmt.Sprintf("nodes=%d", nodes), func(b *testing.B) {
					senders := make([]*push.Sender, nodes)
					for i := range senders {
						senders[i] = &push.Sender{DB: db, Keys: s.App.Push.Keys, Subject: s.App.Push.Subject,
							Tokens: s.App.Push.Tokens, Client: svc.Client(), Logger: quiet}
					}
					var total time.Duration
					for range b.N {
						b.StopTimer()
						before := svc.Total()
						orgtest.Book(b, s, apptest.DeptMgr, orgtest.JobTemplateOf(b, db, w.DeptA1, "Bench News",
							orgtest.Shift{Title: "Camera", Start: "09:00", End: "17:00"}), []string{"2030-07-01"},
							w.Users[apptest.Freelancer])
						b.StartTimer()
						start := time.Now()
						if _, err := s.App.Notify.DeliverDue(context.Background()); err != nil {
							b.Fatal(err)
						}
						var wg sync.WaitGroup
						for _, sender := range senders {
							wg.Add(1)
							go func() {
								defer wg.Done()
								if _, err := sender.SendDue(context.Background()); err != nil {
									b.Error(err)
								}
							}()
						}
						wg.Wait()
						total += time.Since(start)
						if got := svc.Total() - before; got != benchDevices || len(svc.Problems()) > 0 {
							b.Fatalf("%d pushes received of %d; problems %v", got, benchDevices, svc.Problems())
						}
					}
					per := total / time.Duration(b.N)
					b.ReportMetric(per.Seconds(), "s/offer")
					b.ReportMetric(float64(benchDevices)/per.Seconds(), "pushes/s")
				})
			}
		})
	}
}

// subscribeDevices subscribes n devices of the push service for user, in one statement per
// thousand rows.
func subscribeDevices(b *testing.B, db *database.DB, svc *pushtest.Service, user int64, n int) {
	b.Helper()
	devices := make([]*pushtest.Device, n)
	for i := range devices {
		devices[i] = svc.NewDevice()
	}
	ctx := context.Background()
	err := db.InTx(ctx, func(tx *database.Tx) error {
		return database.InsertMany(ctx, tx, "push_subscriptions", "user_id, endpoint, p256dh, auth, created_at", n,
			func(i int) []any {
				return []any{user, devices[i].Endpoint, devices[i].P256dh, devices[i].Auth, tx.Now.UTC()}
			})
	})
	if err != nil {
		b.Fatal(err)
	}
}
