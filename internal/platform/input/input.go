// Package input normalises what people type before any rule reads it, the same way in every
// feature: free text is stored without the spaces around it, so "Ann " and "Ann" are one name
// and a field of spaces counts as empty when the rule says it is required.
package input

import "strings"

// Text is free text as Hive stores it: without leading or trailing white space.
func Text(s string) string { return strings.TrimSpace(s) }

// Trimmed is the text of an optional field that is present (the caller has checked for nil),
// as Text stores it.
func Trimmed(s *string) string { return Text(*s) }
