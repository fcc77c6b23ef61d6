package compat

import (
	"encoding/json"
	"os"
	"testing"
)

// kubernetesPath is the largest schema of the real-schema corpus: 600 definitions.
const kubernetesPath = "../../../../shared/corpus/real-schemas/kubernetes-definitions.json"

// kubernetesPair returns the Kubernetes definitions and an edited copy: a member added to
// DeploymentSpec, a required member dropped from Container, a description rewritten.
func kubernetesPair(tb testing.TB) ([]byte, []byte) {
	tb.Helper()
	needShared(tb, kubernetesPath)
	oldDoc, err := os.ReadFile(kubernetesPath)
	if err != nil {
		tb.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(oldDoc, &doc); err != nil {
		tb.Fatal(err)
	}
	defs := doc["definitions"].(map[string]any)
	spec := defs["io.k8s.api.apps.v1.DeploymentSpec"].(map[string]any)
	spec["properties"].(map[string]any)["rolloutNote"] = map[string]any{"type": "string", "maxLength": 64}
	container := defs["io.k8s.api.core.v1.Container"].(map[string]any)
	container["required"] = []any{}
	container["description"] = "A container in a pod."
	newDoc, err := json.Marshal(doc)
	if err != nil {
		tb.Fatal(err)
	}
	return oldDoc, newDoc
}

func TestKubernetesEdit(t *testing.T) {
	oldDoc, newDoc := kubernetesPair(t)
	r, err := CompareWith(oldDoc, newDoc, Options{Mode: Backward, Profiles: testProfiles})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"/definitions/io.k8s.api.apps.v1.DeploymentSpec/properties/rolloutNote": RuleMemberAdded,
		"/definitions/io.k8s.api.core.v1.Container/required/0":                  RuleMemberMadeOptional,
		"/definitions/io.k8s.api.core.v1.Container/description":                 RuleAnnotationChanged,
	}
	for _, ch := range r.Changes {
		if want[ch.Pointer] == ch.Rule {
			delete(want, ch.Pointer)
		}
	}
	if len(want) > 0 || !r.Breaking() {
		t.Errorf("missing %v; breaking=%t\n%s", want, r.Breaking(), textOf(r))
	}
}

// BenchmarkKubernetesCompat compares the Kubernetes definitions with an edited copy.
func BenchmarkKubernetesCompat(b *testing.B) {
	oldDoc, newDoc := kubernetesPair(b)
	b.ReportAllocs()
	start := processCPU()
	for b.Loop() {
		if _, err := CompareWith(oldDoc, newDoc, Options{Mode: Backward, Profiles: testProfiles}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(processCPU()-start)/float64(b.N), "cpu-ns/op")
}

// BenchmarkKubernetesParse is the share of BenchmarkKubernetesCompat spent reading both
// documents: the contract mode compares only what the root reaches, which here is nothing.
func BenchmarkKubernetesParse(b *testing.B) {
	oldDoc, newDoc := kubernetesPair(b)
	b.ReportAllocs()
	start := processCPU()
	for b.Loop() {
		if _, err := CompareWith(oldDoc, newDoc, Options{Mode: Contract, Profiles: testProfiles}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(processCPU()-start)/float64(b.N), "cpu-ns/op")
}
