package httpapi

import "github.com/danielgtaylor/huma/v2"

// OptionalBool is a query parameter that is "true", "false" or not given: a yes/no filter the
// caller may leave off. Its schema lists the three, so huma refuses anything else with a 422.
type OptionalBool string

// Schema lists the values an OptionalBool takes.
func (OptionalBool) Schema(huma.Registry) *huma.Schema {
	return &huma.Schema{Type: huma.TypeString, Enum: []any{"true", "false", ""}}
}

// Value is the filter: nil when the parameter was not given.
func (b OptionalBool) Value() *bool {
	if b == "" {
		return nil
	}
	v := b == "true"
	return &v
}

// Is reports whether the parameter was given as true.
func (b OptionalBool) Is() bool { return b == "true" }
