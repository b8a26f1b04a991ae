package status

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
)

type groupCase struct {
	Name    string `json:"name"`
	Members []struct {
		Supplier    Status `json:"supplierStatus"`
		Client      Status `json:"clientStatus"`
		Deleted     bool   `json:"deleted"`
		Substitute  bool   `json:"substitute"`
		Substituted bool   `json:"substituted"`
		Count       *int   `json:"count"`
	} `json:"members"`
	FreelancerView bool   `json:"freelancerView"`
	Colour         Colour `json:"colour"`
	Shown          []int  `json:"shown"`
	Hidden         bool   `json:"hidden"`
}

// The same file drives the TypeScript twin (web/src/lib/status/group.test.ts).
func TestDisplayGroupFollowsTheSharedTable(t *testing.T) {
	data, err := os.ReadFile("testdata/group_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []groupCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 10 {
		t.Fatalf("only %d cases read", len(cases))
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			members := make([]GroupMember, len(c.Members))
			for i, m := range c.Members {
				members[i] = MemberOf(State{Supplier: m.Supplier, Client: m.Client, Deleted: m.Deleted}, m.Substitute, m.Substituted)
				if m.Count != nil {
					members[i].Count = *m.Count
				}
			}
			got := DisplayGroup(members, c.FreelancerView)
			if got.Colour != c.Colour || !slices.Equal(got.Shown, c.Shown) || got.Hidden != c.Hidden {
				t.Errorf("got colour %s shown %v hidden %v, want %s %v %v", got.Colour, got.Shown, got.Hidden,
					c.Colour, c.Shown, c.Hidden)
			}
		})
	}
}
