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
}

func registerInfo(api huma.API, cfg config.Config, providers []string) {
	ops := httpapi.Operations{API: api, Access: httpapi.Public, Tag: "App"}
	httpapi.Op(ops, "getAppInfo", "GET /app-info",
		"Product name, environment badge and sign-in providers",
		func(ctx context.Context, _ *struct{}) (*struct{ Body AppInfo }, error) {
			return &struct{ Body AppInfo }{Body: AppInfo{ProductName: "Hive", Environment: cfg.Env, Providers: providers}}, nil
		})
}
