package search

import (
	"strings"
	"unicode/utf8"

	"github.com/hive/hive/internal/search/index"
)

// The global search's rules: how a query's text becomes a plan of words, and how matches are
// scored. The query is in store_global.go; the index's text rules in index/text.go.

// PerSourceLimit is the most results a global search answers per source (user, booking, ...):
// the best PerSourceLimit of each, so at most 300 in all. The panel's tabs show them per source.
const PerSourceLimit = 50

// maxWords and maxQueryRunes bound a query: words past the eighth, and text past 256 characters,
// are ignored (a 10,000-character query is searched by its beginning).
const (
	maxWords      = 8
	maxQueryRunes = 256
	// maxTypos bounds the one-typo spellings looked up for one word.
	maxTypos = 20
)

// How much a word's match is worth, times the weight of the field it matched (names and
// titles 3, job titles and ids 2, other text 1): the whole word, its beginning, or the word
// with one typo. An exact key (a whole e-mail, booking reference, company number or legacy
// job id) adds index.WeightKey, which outranks any match of words.
const (
	factorExact  = 4
	factorPrefix = 2
	factorTypo   = 1
)

// plan is a text query ready to run: its words (each must match, as exact word, prefix or one
// typo away) and its exact key.
type plan struct {
	words []wordPlan
	key   string
}

type wordPlan struct {
	word  string
	typos []string // indexed terms one edit away that do not start with word
}

// planOf turns text into a plan; ok is false when there is nothing to search (fewer than
// MinQueryLength characters, or no letter or digit).
func planOf(text string) (plan, bool) {
	text = strings.TrimSpace(strings.ToValidUTF8(text, ""))
	if utf8.RuneCountInString(text) > maxQueryRunes {
		text = string([]rune(text)[:maxQueryRunes])
	}
	if utf8.RuneCountInString(text) < MinQueryLength {
		return plan{}, false
	}
	var p plan
	seen := map[string]bool{}
	for _, w := range index.Words(text) {
		if !seen[w] && len(p.words) < maxWords {
			seen[w] = true
			p.words = append(p.words, wordPlan{word: w})
		}
	}
	p.key = index.Key(text)
	return p, len(p.words) > 0 || p.key != ""
}

// variants returns the deletion variants to look up for the words that tolerate a typo.
func (p *plan) variants() []string {
	var vs []string
	for _, w := range p.words {
		if typos(w.word) {
			vs = append(vs, index.Deletes(w.word)...)
		}
	}
	return vs
}

// typos is whether a query word tolerates one typo: letters only, five or more.
func typos(w string) bool {
	return utf8.RuneCountInString(w) >= index.MinTypoRunes && index.Typoable(w)
}

// addTypos keeps, for each word, the candidate terms truly one edit away (a shared deletion
// variant is necessary, not sufficient) that its prefix range does not already cover.
func (p *plan) addTypos(candidates []string) {
	for i := range p.words {
		w := &p.words[i]
		if !typos(w.word) {
			continue
		}
		for _, term := range candidates {
			if len(w.typos) < maxTypos && !strings.HasPrefix(term, w.word) && index.WithinOne(w.word, term) {
				w.typos = append(w.typos, term)
			}
		}
	}
}
