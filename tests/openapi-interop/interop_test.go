package interop

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/go-faster/jx"

	ae "github.com/contractgen/contractgen/generated/agenterror"
	oapi30 "github.com/contractgen/contractgen/tests/openapi-interop/clients/oapi30/api"
	oapi31 "github.com/contractgen/contractgen/tests/openapi-interop/clients/oapi31/api"
	oapibundle30 "github.com/contractgen/contractgen/tests/openapi-interop/clients/oapibundle30"
	oapibundle31 "github.com/contractgen/contractgen/tests/openapi-interop/clients/oapibundle31"
	"github.com/contractgen/contractgen/tests/openapi-interop/clients/ogen30"
	"github.com/contractgen/contractgen/tests/openapi-interop/clients/ogen31"
)

// scenario is one error the server answers with: an agent error written by the generated
// WriteHTTP, then optionally touched by a proxy on the way.
type scenario struct {
	name  string
	err   func() *ae.AgentError
	proxy func(http.Header)
}

// proxyDate is the HTTP-date a proxy puts into Retry-After: an hour ahead, in whole seconds.
var proxyDate = time.Now().Add(time.Hour).UTC().Truncate(time.Second)

// scenarios are every kind of the catalog (with retry_after_ms wherever the catalog allows it), a
// kind the catalog does not list, unknown members, a value outside every open enum, and an
// HTTP-date Retry-After added by a proxy.
func scenarios() []scenario {
	var out []scenario
	for _, kind := range ae.Kinds() {
		out = append(out, scenario{name: string(kind), err: func() *ae.AgentError {
			return ae.New(kind, "The call failed: "+string(kind)+".", ae.WithRetryAfter(2500*time.Millisecond))
		}})
	}
	return append(out,
		scenario{name: "unknown-kind", err: func() *ae.AgentError {
			return ae.New("quota_of_the_moon_exceeded", "A kind this client has never heard of.", ae.WithRetryAfter(time.Second))
		}},
		scenario{name: "unknown-members", err: func() *ae.AgentError {
			e := ae.NewRateLimited("Too many requests.", ae.WithRetryAfter(1200*time.Millisecond))
			e.Extra = map[string]json.RawMessage{"trace_id": json.RawMessage(`"t-42"`), "hops": json.RawMessage(`[1,2]`)}
			e.Recovery.Extra = map[string]json.RawMessage{"ticket": json.RawMessage(`{"id":7}`)}
			return e
		}},
		scenario{name: "open-enums", err: func() *ae.AgentError {
			return ae.New("edge_refused", "The edge refused the call.", ae.WithOrigin("edge_proxy"),
				ae.WithRecoveryAction("wait_for_human"), ae.WithSameArguments("after_review"),
				ae.WithSideEffects("partially_applied"), ae.WithGuidance("Ask an operator to approve the call."))
		}},
		scenario{name: "http-date", err: func() *ae.AgentError {
			return ae.NewServiceUnavailable("Down for maintenance.")
		}, proxy: func(h http.Header) { h.Set("Retry-After", proxyDate.Format(http.TimeFormat)) }},
	)
}

// decoded is what a client made of an error response, in one shape for every client.
type decoded struct {
	Status                                                     int
	Kind, Message, Origin, SideEffects, Action, Same, Guidance string
	RetryAfterMS                                               *int64
	RetryAfter, WWWAuthenticate                                string
	Extra, RecoveryExtra                                       map[string]string
}

// client calls one operation of the sample API: getFile with the scenario's name, or startJob.
type client struct {
	name string
	call func(ctx context.Context, url, scenario string) (decoded, error)
}

// server answers every request with the scenario its path names (/files/<name>, or the header
// X-Scenario for /jobs), through the generated WriteHTTP.
func server(t *testing.T) *httptest.Server {
	byName := map[string]scenario{}
	for _, s := range scenarios() {
		byName[s.name] = s
	}
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/files/")
		if r.URL.Path == "/jobs" {
			name = r.Header.Get("X-Scenario")
		}
		s, ok := byName[name]
		if !ok {
			t.Errorf("no scenario %q", name)
			http.NotFound(w, r)
			return
		}
		if s.proxy != nil {
			w = proxyWriter{w, s.proxy}
		}
		if err := ae.WriteHTTP(w, s.err()); err != nil {
			t.Error(err)
		}
	}))
}

// proxyWriter changes the headers just before they are sent, as a proxy between server and client.
type proxyWriter struct {
	http.ResponseWriter
	change func(http.Header)
}

func (p proxyWriter) WriteHeader(status int) {
	p.change(p.Header())
	p.ResponseWriter.WriteHeader(status)
}

// want is what the response carries: the body as JSON and the headers as sent.
func want(t *testing.T, s scenario) decoded {
	t.Helper()
	rec := httptest.NewRecorder()
	w := http.ResponseWriter(rec)
	if s.proxy != nil {
		w = proxyWriter{rec, s.proxy}
	}
	if err := ae.WriteHTTP(w, s.err()); err != nil {
		t.Fatal(err)
	}
	var body struct {
		Kind, Message, Origin string
		SideEffects           string `json:"side_effects"`
		Recovery              struct {
			Action        string
			SameArguments string `json:"same_arguments"`
			Guidance      string
			RetryAfterMS  *int64 `json:"retry_after_ms"`
		}
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	e := s.err()
	d := decoded{Status: rec.Code, Kind: body.Kind, Message: body.Message, Origin: body.Origin,
		SideEffects: body.SideEffects, Action: body.Recovery.Action, Same: body.Recovery.SameArguments,
		Guidance: body.Recovery.Guidance, RetryAfterMS: body.Recovery.RetryAfterMS,
		RetryAfter: rec.Header().Get("Retry-After"), WWWAuthenticate: rec.Header().Get("WWW-Authenticate"),
		Extra: rawStrings(e.Extra), RecoveryExtra: rawStrings(e.Recovery.Extra)}
	return d
}

func rawStrings(m map[string]json.RawMessage) map[string]string {
	if len(m) == 0 {
		return nil
	}
	out := map[string]string{}
	for k, v := range m {
		out[k] = string(v)
	}
	return out
}

// anyStrings renders decoded unknown members (oapi-codegen's map[string]interface{}) as compact JSON.
func anyStrings(t testing.TB, m map[string]any) map[string]string {
	if len(m) == 0 {
		return nil
	}
	out := map[string]string{}
	for k, v := range m {
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		out[k] = string(data)
	}
	return out
}

// TestClientsDecodeEveryError runs every scenario through every client, on both operations (one
// with only a default error response, one with a 429 and a default), and checks that the client's
// typed error carries what the server sent.
func TestClientsDecodeEveryError(t *testing.T) {
	srv := server(t)
	defer srv.Close()
	for _, c := range clients(t) {
		t.Run(c.name, func(t *testing.T) {
			n := 0
			for _, s := range scenarios() {
				w := want(t, s)
				for _, op := range []string{"getFile", "startJob"} {
					got, err := c.call(t.Context(), srv.URL, op+" "+s.name)
					if err != nil {
						t.Errorf("%s %s: %v", op, s.name, err)
						continue
					}
					if !reflect.DeepEqual(got, w) {
						t.Errorf("%s %s:\n got %+v\nwant %+v", op, s.name, got, w)
					}
					n++
				}
			}
			t.Logf("%d error responses decoded", n)
		})
	}
}

// TestRetryAfterDateReadable: the proxy's HTTP-date, as every client hands it over, is what
// ParseRetryAfter (exported by the generated package for such clients) turns into a wait.
func TestRetryAfterDateReadable(t *testing.T) {
	d := want(t, scenarios()[len(scenarios())-1])
	wait, ok := ae.ParseRetryAfter(d.RetryAfter, proxyDate.Add(-time.Hour))
	if !ok || wait != time.Hour {
		t.Errorf("ParseRetryAfter(%q) = %v, %v; want 1h", d.RetryAfter, wait, ok)
	}
}

// split parses "op scenario".
func split(call string) (op, name string) {
	op, name, _ = strings.Cut(call, " ")
	return op, name
}

// scenarioKey carries the scenario of a startJob call to scenarioDoer, for the ogen clients,
// which take no per-request editor.
type scenarioKey struct{}

func withScenario(ctx context.Context, name string) context.Context {
	return context.WithValue(ctx, scenarioKey{}, name)
}

// scenarioDoer sends a request with X-Scenario from its context.
type scenarioDoer struct{}

func (scenarioDoer) Do(r *http.Request) (*http.Response, error) {
	if name, ok := r.Context().Value(scenarioKey{}).(string); ok {
		r.Header.Set("X-Scenario", name)
	}
	return http.DefaultClient.Do(r)
}

// setScenario is the oapi-codegen request editor that names the scenario of a startJob call.
func setScenario(name string) func(context.Context, *http.Request) error {
	return func(_ context.Context, r *http.Request) error {
		r.Header.Set("X-Scenario", name)
		return nil
	}
}

// oapiDecoded reads an oapi-codegen client's error (a pointer to its AgentError struct) and the
// matching headers struct by field name: each package declares its own types, with the same fields.
func oapiDecoded(t testing.TB, status int, body, headers any) (decoded, error) {
	e, h := reflect.ValueOf(body), reflect.ValueOf(headers)
	if e.IsNil() || h.IsNil() {
		return decoded{}, errNoError
	}
	e, h = e.Elem(), h.Elem()
	rec := e.FieldByName("Recovery")
	str := func(v reflect.Value, name string) string { return v.FieldByName(name).String() }
	opt := func(v reflect.Value, name string) string {
		if p := v.FieldByName(name); !p.IsNil() {
			return p.Elem().String()
		}
		return ""
	}
	d := decoded{Status: status, Kind: str(e, "Kind"), Message: str(e, "Message"), Origin: str(e, "Origin"),
		SideEffects: str(e, "SideEffects"), Action: str(rec, "Action"), Same: str(rec, "SameArguments"),
		Guidance: str(rec, "Guidance"), RetryAfter: opt(h, "RetryAfter"), WWWAuthenticate: opt(h, "WWWAuthenticate"),
		Extra:         anyStrings(t, e.FieldByName("AdditionalProperties").Interface().(map[string]any)),
		RecoveryExtra: anyStrings(t, rec.FieldByName("AdditionalProperties").Interface().(map[string]any))}
	if ms := rec.FieldByName("RetryAfterMs"); !ms.IsNil() {
		v := ms.Elem().Int()
		d.RetryAfterMS = &v
	}
	return d, nil
}

// ogenDecoded reads ogen's convenient error, <response>StatusCodeWithHeaders, through the fields
// both ogen packages declare.
func ogenDecoded(status int, kind, message, origin, sideEffects, action, same, guidance string,
	retry int, retrySet bool, retryAfter, challenge string, extra, recExtra map[string]jx.Raw) decoded {
	d := decoded{Status: status, Kind: kind, Message: message, Origin: origin, SideEffects: sideEffects,
		Action: action, Same: same, Guidance: guidance, RetryAfter: retryAfter, WWWAuthenticate: challenge,
		Extra: jxStrings(extra), RecoveryExtra: jxStrings(recExtra)}
	if retrySet {
		v := int64(retry)
		d.RetryAfterMS = &v
	}
	return d
}

func jxStrings[M ~map[string]jx.Raw](m M) map[string]string {
	if len(m) == 0 {
		return nil
	}
	out := map[string]string{}
	for k, v := range m {
		var compact bytes.Buffer
		if err := json.Compact(&compact, v); err != nil {
			out[k] = string(v)
			continue
		}
		out[k] = compact.String()
	}
	return out
}

var errNoError = errors.New("the client decoded no agent error")

func clients(t *testing.T) []client {
	return []client{
		{"oapi-codegen/import-mapping/3.0", func(ctx context.Context, url, call string) (decoded, error) {
			c, err := oapi30.NewClientWithResponses(url)
			if err != nil {
				return decoded{}, err
			}
			if op, name := split(call); op == "getFile" {
				r, err := c.GetFileWithResponse(ctx, name)
				if err != nil {
					return decoded{}, err
				}
				return oapiDecoded(t, r.StatusCode(), r.JSONDefault, r.HeadersDefault)
			} else {
				r, err := c.StartJobWithResponse(ctx, setScenario(name))
				if err != nil {
					return decoded{}, err
				}
				if r.JSON429 != nil {
					return oapiDecoded(t, r.StatusCode(), r.JSON429, r.Headers429)
				}
				return oapiDecoded(t, r.StatusCode(), r.JSONDefault, r.HeadersDefault)
			}
		}},
		{"oapi-codegen/import-mapping/3.1", func(ctx context.Context, url, call string) (decoded, error) {
			c, err := oapi31.NewClientWithResponses(url)
			if err != nil {
				return decoded{}, err
			}
			if op, name := split(call); op == "getFile" {
				r, err := c.GetFileWithResponse(ctx, name)
				if err != nil {
					return decoded{}, err
				}
				return oapiDecoded(t, r.StatusCode(), r.JSONDefault, r.HeadersDefault)
			} else {
				r, err := c.StartJobWithResponse(ctx, setScenario(name))
				if err != nil {
					return decoded{}, err
				}
				if r.JSON429 != nil {
					return oapiDecoded(t, r.StatusCode(), r.JSON429, r.Headers429)
				}
				return oapiDecoded(t, r.StatusCode(), r.JSONDefault, r.HeadersDefault)
			}
		}},
		{"oapi-codegen/bundle/3.0", func(ctx context.Context, url, call string) (decoded, error) {
			c, err := oapibundle30.NewClientWithResponses(url)
			if err != nil {
				return decoded{}, err
			}
			if op, name := split(call); op == "getFile" {
				r, err := c.GetFileWithResponse(ctx, name)
				if err != nil {
					return decoded{}, err
				}
				return oapiDecoded(t, r.StatusCode(), r.JSONDefault, r.HeadersDefault)
			} else {
				r, err := c.StartJobWithResponse(ctx, setScenario(name))
				if err != nil {
					return decoded{}, err
				}
				if r.JSON429 != nil {
					return oapiDecoded(t, r.StatusCode(), r.JSON429, r.Headers429)
				}
				return oapiDecoded(t, r.StatusCode(), r.JSONDefault, r.HeadersDefault)
			}
		}},
		{"oapi-codegen/bundle/3.1", func(ctx context.Context, url, call string) (decoded, error) {
			c, err := oapibundle31.NewClientWithResponses(url)
			if err != nil {
				return decoded{}, err
			}
			if op, name := split(call); op == "getFile" {
				r, err := c.GetFileWithResponse(ctx, name)
				if err != nil {
					return decoded{}, err
				}
				return oapiDecoded(t, r.StatusCode(), r.JSONDefault, r.HeadersDefault)
			} else {
				r, err := c.StartJobWithResponse(ctx, setScenario(name))
				if err != nil {
					return decoded{}, err
				}
				if r.JSON429 != nil {
					return oapiDecoded(t, r.StatusCode(), r.JSON429, r.Headers429)
				}
				return oapiDecoded(t, r.StatusCode(), r.JSONDefault, r.HeadersDefault)
			}
		}},
		{"ogen/3.0", func(ctx context.Context, url, call string) (decoded, error) {
			c, err := ogen30.NewClient(url, ogen30.WithClient(scenarioDoer{}))
			if err != nil {
				return decoded{}, err
			}
			op, name := split(call)
			var e *ogen30.AgentErrorAnyStatusCodeWithHeaders
			if op == "getFile" {
				_, err = c.GetFile(ctx, ogen30.GetFileParams{Name: name})
				if !errors.As(err, &e) {
					return decoded{}, errors.Join(err, errNoError)
				}
			} else {
				// A 429 comes back as the result, every other status as the convenient error: one type.
				res, err := c.StartJob(withScenario(ctx, name))
				if tooMany, ok := res.(*ogen30.AgentErrorAnyStatusCodeWithHeaders); ok && err == nil {
					e = tooMany
				} else if !errors.As(err, &e) {
					return decoded{}, fmt.Errorf("%w: %T %v", errNoError, res, err)
				}
			}
			r := e.Response
			return ogenDecoded(e.StatusCode, r.Kind, r.Message, string(r.Origin), string(r.SideEffects),
				string(r.Recovery.Action), string(r.Recovery.SameArguments), r.Recovery.Guidance,
				r.Recovery.RetryAfterMs.Value, r.Recovery.RetryAfterMs.Set, e.RetryAfter.Value, e.WWWAuthenticate.Value,
				r.AdditionalProps, r.Recovery.AdditionalProps), nil
		}},
		{"ogen/3.1", func(ctx context.Context, url, call string) (decoded, error) {
			c, err := ogen31.NewClient(url, ogen31.WithClient(scenarioDoer{}))
			if err != nil {
				return decoded{}, err
			}
			op, name := split(call)
			var e *ogen31.AgentErrorAnyStatusCodeWithHeaders
			if op == "getFile" {
				_, err = c.GetFile(ctx, ogen31.GetFileParams{Name: name})
				if !errors.As(err, &e) {
					return decoded{}, errors.Join(err, errNoError)
				}
			} else {
				// A 429 comes back as the result, every other status as the convenient error: one type.
				res, err := c.StartJob(withScenario(ctx, name))
				if tooMany, ok := res.(*ogen31.AgentErrorAnyStatusCodeWithHeaders); ok && err == nil {
					e = tooMany
				} else if !errors.As(err, &e) {
					return decoded{}, fmt.Errorf("%w: %T %v", errNoError, res, err)
				}
			}
			r := e.Response
			return ogenDecoded(e.StatusCode, r.Kind, r.Message, string(r.Origin), string(r.SideEffects),
				string(r.Recovery.Action), string(r.Recovery.SameArguments), r.Recovery.Guidance,
				r.Recovery.RetryAfterMs.Value, r.Recovery.RetryAfterMs.Set, e.RetryAfter.Value, e.WWWAuthenticate.Value,
				r.AdditionalProps, r.Recovery.AdditionalProps), nil
		}},
	}
}
