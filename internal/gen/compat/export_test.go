package compat

// testProfiles are the profiles this package's tests compare with: its fixtures are agent-error
// contracts. profiles_test.go (package compat_test) sets them, because only an external test can
// import the contract's rules, which import compat.
var testProfiles []Profile

// SetTestProfiles sets the profiles the package's tests compare with.
func SetTestProfiles(profiles ...Profile) { testProfiles = profiles }

// compareContract is Compare with the test profiles.
func compareContract(oldDoc, newDoc []byte) (*Report, error) {
	return CompareWith(oldDoc, newDoc, Options{Mode: Contract, Profiles: testProfiles})
}
