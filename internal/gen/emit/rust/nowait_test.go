package rust

import (
	"strings"
	"testing"
)

// TestProfileMemberNames: the crates of the profile's other contracts name their members as the
// profile does, never as the bundled contract spells them, and a contract whose recovery object
// has no wait member (testdata/golden/profile-no-wait) gets no Retry-After header, no retry_after
// option (which would set nothing), no retry_after column in its catalog rows (as Go's KindInfo
// has none) and no helper or check for a wait it cannot carry.
func TestProfileMemberNames(t *testing.T) {
	cases := []struct {
		name      string
		want, not []string
	}{
		{name: "profile-second-contract",
			want: []string{"Whether next.wait_ms may be set", "Sets next.wait_ms to the duration", `("Retry-After", seconds)`, "pub retry_after: Option<std::time::Duration>"},
			not:  []string{"retry_after_ms", "recovery."}},
		{name: "profile-no-wait",
			not: []string{"retry_after_ms", "recovery.", "wait_ms", "Retry-After", "options.retry_after",
				"pub retry_after: Option", "pub retry_after: bool", "retry_after: false", "fn milliseconds", "let mut violations"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files, err := goldenCase(t, c.name)
			if err != nil {
				t.Fatal(err)
			}
			var crate strings.Builder
			for _, f := range files {
				crate.Write(f.Bytes)
			}
			got := crate.String()
			for _, s := range c.want {
				if !strings.Contains(got, s) {
					t.Errorf("the crate lacks %q", s)
				}
			}
			for _, s := range c.not {
				if i := strings.Index(got, s); i >= 0 {
					line := got[strings.LastIndex(got[:i], "\n")+1:]
					line, _, _ = strings.Cut(line, "\n")
					t.Errorf("the crate has %q: %s", s, strings.TrimSpace(line))
				}
			}
		})
	}
}
