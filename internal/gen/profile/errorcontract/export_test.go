package errorcontract

// Vocabulary exposes the vocabulary's schema to the external tests, which compare it with the
// reference validator (and cannot be in this package: the table generator imports it).
var Vocabulary = vocabulary
