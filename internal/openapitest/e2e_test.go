package openapitest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	"github.com/contractgen/contractgen/generated/agenterror"
)

// The API descriptions under testdata: one operation, GET /things/{kind}, whose error responses
// $ref the generated ones.
var apiDocs = []string{"api-3.1.yaml", "api-3.0.yaml"}

// loadAPI loads a test API description with kin-openapi, following its $refs into the fragment.
func loadAPI(t *testing.T, name string) (*openapi3.T, routers.Router) {
	t.Helper()
	loader := openapi3.NewLoader()
	loader.IsExternalRefsAllowed = true
	doc, err := loader.LoadFromFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	router, err := legacy.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	return doc, router
}

// How the test server answers, chosen by the X-Answer request header.
const (
	answerPlain    = ""         // the constructor with retry-after wherever the kind allows it
	answerDetailed = "detailed" // every optional member set, retry_after_ms included, as a relay may send
	answerForeign  = "foreign"  // values outside every open enum, and a proxy's HTTP-date Retry-After
)

// serveThings answers GET /things/{kind} with the generated HTTP adapter writing an error of that
// kind. break_ modes make the answer deliberately wrong in one respect.
func serveThings(w http.ResponseWriter, r *http.Request) {
	kind := agenterror.Kind(strings.TrimPrefix(r.URL.Path, "/things/"))
	message := fmt.Sprintf("Fetching the thing failed with %s.", kind)
	// A wait where the catalog allows one, as a careful service asks (an option is never dropped,
	// so asking on every kind would put Retry-After on every response; CheckCatalog reports those).
	var opts []agenterror.Option
	if row, _ := agenterror.LookupKind(kind); row.RetryAfter {
		opts = append(opts, agenterror.WithRetryAfter(1500*time.Millisecond))
	}
	e := agenterror.New(kind, message, opts...)
	if r.Header.Get("X-Answer") == answerDetailed {
		e = agenterror.New(kind, message,
			agenterror.WithService("things"), agenterror.WithAction("get"), agenterror.WithTool("fetch"),
			agenterror.WithUpstream("store"), agenterror.WithCommand("things get"), agenterror.WithPrompt("summary"),
			agenterror.WithResource("thing/1"), agenterror.WithCause("disk full"), agenterror.WithOriginalKind("io"),
			agenterror.WithEvidence(map[string]any{"attempts": 3, "path": "/data"}),
			agenterror.WithSafety(agenterror.SafetyHints{ReadOnlyHint: ptr(true), IdempotentHint: ptr(true)}))
		ms := json.Number("2001")
		e.Recovery.RetryAfterMS = &ms
	}
	if r.Header.Get("X-Answer") == answerForeign {
		e = agenterror.New(kind, message, agenterror.WithOrigin("edge_proxy"), agenterror.WithRecoveryAction("wait_for_human"),
			agenterror.WithSameArguments("after_review"), agenterror.WithSideEffects("partially_applied"))
	}
	rec := httptest.NewRecorder()
	if err := agenterror.WriteHTTP(rec, e); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	status, body := rec.Code, rec.Body.Bytes()
	if r.Header.Get("X-Answer") == answerForeign {
		rec.Header().Set("Retry-After", time.Now().Add(time.Minute).UTC().Format(http.TimeFormat))
	}
	switch r.Header.Get("X-Break") {
	case "status":
		status = http.StatusTeapot
	case "body":
		var v map[string]any
		_ = json.Unmarshal(body, &v)
		delete(v, "recovery")
		body, _ = json.Marshal(v)
	case "challenge":
		rec.Header().Del("WWW-Authenticate")
	case "retry-after":
		rec.Header().Set("Retry-After", "soon")
	case "content-type":
		rec.Header().Set("Content-Type", "text/plain")
	}
	for name, values := range rec.Header() {
		w.Header()[name] = values
	}
	w.Header().Set("Content-Length", fmt.Sprint(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func ptr[T any](v T) *T { return &v }

// exchange sends one request to the server and validates the response with openapi3filter.
func exchange(t *testing.T, srv *httptest.Server, router routers.Router, kind string, headers map[string]string) (*http.Response, error) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, srv.URL+"/things/"+kind, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	// The router matches on the documented server, which a description without servers leaves at
	// "/"; the request's own URL carries the test server's host, so route a copy without it.
	routed := req.Clone(context.Background())
	routed.URL.Scheme, routed.URL.Host = "", ""
	route, params, err := router.FindRoute(routed)
	if err != nil {
		t.Fatalf("route %s: %v", req.URL.Path, err)
	}
	return resp, openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: routed, PathParams: params, Route: route},
		Status:                 resp.StatusCode,
		Header:                 resp.Header,
		Body:                   io.NopCloser(bytes.NewReader(body)),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	})
}

// TestHTTPAdapterMatchesFragments: for every kind, and for one the catalog does not list, the
// generated HTTP adapter's response — plain and with every optional member — has the catalog's
// status and passes openapi3filter.ValidateResponse against both API descriptions: status, headers
// and body.
func TestHTTPAdapterMatchesFragments(t *testing.T) {
	kinds, fallback := contractCatalog(t)
	srv := httptest.NewServer(http.HandlerFunc(serveThings))
	defer srv.Close()
	cases := map[string]catalogRow{"not_in_the_catalog": fallback}
	for name, row := range kinds {
		cases[name] = row
	}
	for _, api := range apiDocs {
		_, router := loadAPI(t, api)
		checked := 0
		for kind, row := range cases {
			for _, answer := range []string{answerPlain, answerDetailed} {
				resp, err := exchange(t, srv, router, kind, map[string]string{"X-Answer": answer})
				if err != nil {
					t.Errorf("%s %s %q: %v", api, kind, answer, err)
				}
				if resp.StatusCode != row.HTTPStatus {
					t.Errorf("%s %s: status %d, catalog %d", api, kind, resp.StatusCode, row.HTTPStatus)
				}
				wantRetry := answer == answerDetailed || row.RetryAfter
				if got := resp.Header.Get("Retry-After"); (got != "") != wantRetry {
					t.Errorf("%s %s %q: Retry-After %q, want one: %v", api, kind, answer, got, wantRetry)
				}
				checked++
			}
		}
		t.Logf("%s: %d responses valid", api, checked)
	}
}

// TestForeignValuesPassValidation: a value outside every open enum (which the contract's decoders
// must accept) and a Retry-After HTTP-date (which HTTP allows, and proxies send) pass
// openapi3filter.ValidateResponse against both API descriptions.
func TestForeignValuesPassValidation(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(serveThings))
	defer srv.Close()
	for _, api := range apiDocs {
		_, router := loadAPI(t, api)
		for _, kind := range []string{"rate_limited", "auth_required", "not_in_the_catalog"} {
			if _, err := exchange(t, srv, router, kind, map[string]string{"X-Answer": answerForeign}); err != nil {
				t.Errorf("%s %s: %v", api, kind, err)
			}
		}
	}
}

// TestValidationRejectsWrongResponses shows that the check above can fail: each deliberately wrong
// answer is rejected by openapi3filter, with the reason naming what is wrong.
func TestValidationRejectsWrongResponses(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(serveThings))
	defer srv.Close()
	for _, api := range apiDocs {
		_, router := loadAPI(t, api)
		for _, c := range []struct{ kind, mode, reason string }{
			{"rate_limited", "status", "status is not supported"},
			{"invalid_param", "body", "recovery"},
			{"auth_required", "challenge", "WWW-Authenticate"},
			{"rate_limited", "retry-after", "Retry-After"},
			{"conflict", "content-type", "text/plain"},
		} {
			_, err := exchange(t, srv, router, c.kind, map[string]string{"X-Break": c.mode})
			if err == nil {
				t.Errorf("%s: a response broken in its %s was accepted", api, c.mode)
			} else if !strings.Contains(err.Error(), c.reason) {
				t.Errorf("%s: broken %s rejected for another reason: %v", api, c.mode, err)
			}
		}
	}
}

// TestAPIDescriptionsListEveryStatus keeps the hand-written test descriptions in step with the
// catalog: each refers to the response of every status the catalog uses.
func TestAPIDescriptionsListEveryStatus(t *testing.T) {
	kinds, fallback := contractCatalog(t)
	want := map[int]bool{fallback.HTTPStatus: true}
	for _, row := range kinds {
		want[row.HTTPStatus] = true
	}
	for _, api := range apiDocs {
		doc, _ := loadAPI(t, api)
		responses := doc.Paths.Find("/things/{kind}").Get.Responses
		for status := range want {
			if responses.Status(status) == nil {
				t.Errorf("%s: no response for status %d (update testdata/%s)", api, status, api)
			}
		}
		if got := responses.Len() - 1; got != len(want) {
			t.Errorf("%s: %d error responses, the catalog uses %d statuses", api, got, len(want))
		}
	}
}
