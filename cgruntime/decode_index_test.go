package cgruntime

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// indexSamples are documents at the edges of JSON's grammar, each of which json.Valid judges.
var indexSamples = []string{
	``, ` `, `0`, ` 0 `, `-0`, `-`, `01`, `-01`, `1.`, `1.5`, `.5`, `1e`, `1e+`, `1E-7`, `1e07`, `+1`,
	`0x1`, `1 2`, `Infinity`, `NaN`, `true`, `tru`, `truex`, `false`, `null`, `nul`, `nulll`, `True`,
	`""`, `"`, `"\"`, `"\\"`, `"\/\b\f\n\r\t"`, `"\u00e9"`, `"\u00E"`, `"\uZZZZ"`, `"\x"`, `"\a"`, `"\'"`,
	"\"\x01\"", "\"\x7f\"", "\"\xff\xfe\"", "\"tab\there\"", `"\ud800"`,
	`[]`, `[`, `]`, `[,]`, `[1,]`, `[1 2]`, `[1,,2]`, `[ 1 , 2 ]`, `[[[]]]`, `[[]`, `[]]`, `[}`, `{]`,
	`{}`, `{`, `}`, `{"a"}`, `{"a":}`, `{"a":1,}`, `{"a":1 "b":2}`, `{"a" : 1 , "b" : [ ] }`,
	`{1:2}`, `{a:1}`, `{"a":1}x`, `{"a":{"b":{"c":[1,{"d":null}]}}}`, "\t\r\n[\n]\n", "[\v]", "[\u00a0]",
	`{"a":"}"}`, `["]"]`, `{"\"":1}`, `{"a\\":"b"}`, `[1e999]`, `[-]`, `[--1]`, `[1.e1]`,
}

// TestIndexDocumentAgreesWithValid holds the decoder's one-pass check to encoding/json's verdict,
// including the nesting limit, and its spans to where the containers really end.
func TestIndexDocumentAgreesWithValid(t *testing.T) {
	samples := slices.Clone(indexSamples)
	for _, depth := range []int{maxNesting - 1, maxNesting, maxNesting + 1} {
		samples = append(samples, strings.Repeat("[", depth)+strings.Repeat("]", depth))
		samples = append(samples, strings.Repeat(`{"a":`, depth)+"1"+strings.Repeat("}", depth))
	}
	for _, doc := range samples {
		checkIndex(t, []byte(doc))
	}
}

func FuzzIndexDocument(f *testing.F) {
	for _, doc := range indexSamples {
		f.Add([]byte(doc))
	}
	f.Fuzz(func(t *testing.T, doc []byte) { checkIndex(t, doc) })
}

func checkIndex(t *testing.T, doc []byte) {
	t.Helper()
	var s scanner
	got, want := s.indexDocument(doc), json.Valid(doc)
	if got != want {
		t.Fatalf("indexDocument(%.80q) = %v, json.Valid says %v", doc, got, want)
	}
	if !got {
		return
	}
	var opens []int32
	for i := 0; i < len(doc); i++ {
		switch doc[i] {
		case '"':
			i = stringEnd(doc, i) - 1
		case '{', '[':
			opens = append(opens, int32(i))
		}
	}
	if !slices.Equal(s.open, opens) {
		t.Fatalf("indexDocument(%.80q) opens containers at %v, want %v", doc, s.open, opens)
	}
	for k, at := range s.open {
		if end := valueEnd(doc, int(at)); int32(end) != s.end[k] {
			t.Fatalf("indexDocument(%.80q): the container at %d ends at %d, want %d", doc, at, s.end[k], end)
		}
	}
}

// TestPreparedIndexIsReleased decodes two documents one after the other through the pool: each must
// see its own index, whatever the previous one left.
func TestPreparedIndexIsReleased(t *testing.T) {
	for _, doc := range []string{`{"a":[1,[2]],"b":{}}`, `[[],{"x":[[]]}]`, `{`, `[1]`} {
		var d Decoder
		raw, err := d.prepare([]byte(doc))
		if valid := json.Valid([]byte(doc)); (err == nil) != valid {
			t.Fatalf("prepare(%q) error %v, json.Valid %v", doc, err, valid)
		}
		if err != nil {
			if d.scan.pooled != nil || d.scan.indexed {
				t.Fatalf("prepare(%q) failed but kept its index", doc)
			}
			continue
		}
		if end := d.scan.valueEnd(raw, 0); end != len(raw) {
			t.Fatalf("prepare(%q): the document ends at %d by the index, want %d", doc, end, len(raw))
		}
		d.release()
		if d.scan.indexed || d.scan.open != nil || d.scan.doc != nil {
			t.Fatalf("release after %q left the index in the decoder", doc)
		}
	}
}
