// Package faults holds Hive's fault tests: a real `hive serve` process killed with SIGKILL under
// write load and restarted, and PostgreSQL stopped and started under load (build tag faults,
// `make faults`). The tests of single parts live beside them: the database's and the blob
// store's 503s (internal/platform/database, blob, people/files) and the SMTP outage
// (internal/platform/mail). docs/operations.md, "Failures", says what each one proves.
package faults
