package substitution

import (
	"fmt"
	"testing"
)

func TestSameVATStatusIsUnknownUnlessBothAreKnown(t *testing.T) {
	yes, no := true, false
	show := func(b *bool) string {
		if b == nil {
			return "null"
		}
		return fmt.Sprint(*b)
	}
	for _, c := range []struct {
		incumbent, candidate *bool
		want                 string
	}{{&yes, &yes, "true"}, {&no, &no, "true"}, {&yes, &no, "false"}, {&no, &yes, "false"},
		{nil, &yes, "null"}, {&no, nil, "null"}, {nil, nil, "null"}} {
		if got := show(sameVATStatus(c.incumbent, c.candidate)); got != c.want {
			t.Errorf("sameVATStatus(%s, %s) = %s, want %s", show(c.incumbent), show(c.candidate), got, c.want)
		}
	}
}
