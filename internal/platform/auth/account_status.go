package auth

// Account statuses (spec part 1 §4). They sit in platform, beside the principal, so that the
// shared kernel (access's hire rule) reads them without importing the accounts feature, which
// re-exports them as accounts.Status*.
const (
	AccountUnknown            = "unknown"
	AccountActive             = "active"
	AccountInactive           = "inactive"
	AccountResetRequired      = "reset_required"
	AccountSystem             = "system"
	AccountRequireEmailChange = "require_email_change"
)
