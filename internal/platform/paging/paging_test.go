package paging

import "testing"

func TestParams(t *testing.T) {
	p := Params{Page: 3, PageSize: 20}
	if p.Offset() != 40 || p.Limit() != 20 {
		t.Fatalf("offset %d limit %d", p.Offset(), p.Limit())
	}
	if (Params{Page: 1, PageSize: 100}).Offset() != 0 {
		t.Fatal("the first page starts at 0")
	}
}

func TestItems(t *testing.T) {
	if got := Items([]int(nil), func(i int) string { return "" }); got == nil || len(got) != 0 {
		t.Fatalf("empty: %#v", got)
	}
	got := Items([]int{1, 2}, func(i int) int { return i * 10 })
	if len(got) != 2 || got[0] != 10 || got[1] != 20 {
		t.Fatalf("%v", got)
	}
}
