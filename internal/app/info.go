package app

import (
	"context"

	"github.com/danielgtaylor/huma/v2"

	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/httpapi"
)

// AppInfo is what the UI needs before anyone signs in.
type AppInfo struct {
	ProductName string   `json:"productName"`
	Environment string   `json:"environment" enum:",DEV,LOCAL DEV,DEMO,PROD" doc:"Badge to show; empty for none"`
	Providers   []string `json:"providers" doc:"Sign-in providers that are configured, such as google"`
	Passkeys    bool     `json:"passkeys" doc:"Whether passkeys work here: HIVE_BASE_URL names a domain, not an IP address"`
}

func registerInfo(api huma.API, cfg config.Config, providers []string, passkeys bool) {
	ops := httpapi.Operations{API: api, Access: httpapi.Public, Tag: "App"}
	httpapi.Op(ops, "getAppInfo", "GET /app-info",
		"Product name, environment badge, sign-in providers and whether passkeys work",
		func(ctx context.Context, _ *struct{}) (*struct{ Body AppInfo }, error) {
			return &struct{ Body AppInfo }{Body: AppInfo{ProductName: "Hive", Environment: cfg.Env, Providers: providers,
				Passkeys: passkeys}}, nil
		})
}
