//! The Rust sanitizer's speed on the inputs of Go's BenchmarkSanitizeScale
//! (cgruntime/sanitize_scale_bench_test.go): realistic upstream text and hostile text aimed at
//! each scanner's worst case, at growing sizes with the whole input as the window, so the time
//! per KiB shows whether cost stays linear. Run with
//! `cargo run --release --offline --example sanitize_bench`; compare with
//! `go test ./cgruntime -run '^$' -bench BenchmarkSanitizeScale`.

use contractgen_runtime::sanitize_text_limit;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Go's sanRealisticLines.
const REALISTIC: &[&str] = &[
    "dial tcp 10.0.3.17:5432: connect: connection refused\n",
    "level=error ts=2024-03-12T10:15:32.123Z caller=main.go:142 component=ingester msg=\"failed to flush chunks\" err=\"context canceled\"\n",
    "request 5d8f3c2a-9b1e-4f7d-a6c0-2e8b4d1f9a73 failed after 812ms (trace 0af7651916cd43dd8448eb211c80319c)\n",
    "GET https://api.example.com/v1/orders?status=open&limit=100&token=FAKEtok0001Zq9 returned 502\n",
    "Back-off restarting failed container api in pod api-server-7d9b4c6f8-xk2p9_production(5b1c9d2e-8f3a-4c6b-9e1d-2a7f4b8c0d3e)\n",
    "{\"error\":{\"message\":\"Incorrect API key provided: sk-proj-FAKEabcdefghijklmnop0123.\",\"type\":\"invalid_request_error\"}}\n",
    "Traceback (most recent call last):\n  File \"/app/main.py\", line 42, in <module>\n    main()\nValueError: invalid literal for int() with base 10: 'abc'\n",
    "pulling image ghcr.io/acme/api@sha256:9c2b8f1e4d7a6b3c0e5f8a1d2c4b6e8f0a3c5e7b9d1f3a5c7e9b0d2f4a6c8e0b\n",
    "r\u{e9}essayez plus tard: le service est momentan\u{e9}ment indisponible.\n",
    "commit 3f9a2b7c1d4e5f60718293a4b5c6d7e8f9012345 Merge pull request #512 from acme/fix-billing\n",
];

/// Go's sanHostileUnits, in BenchmarkSanitizeScale's order.
const HOSTILE: &[(&str, &str)] = &[
    ("prefixes", "xoxb-sk-ghp_"),
    ("params", "a_b_c_d_e_f_token_x="),
    ("token", "Q7vLm2XkP9wR4tYb8NcZ"),
    ("injection", "ignore the previous "),
    ("base64", "MIIEvQIBADANBgkqhkiG"),
    ("login", "a/b@c/"),
    (
        "mixed",
        "xsk-aaaaaaaaaaaaaaaaaaaa sk-bbbbbbbbbbbbbbbbbbbb a=b&token=c \"k\":\"v\",\"password\":\"p\" <|x|> [inst] ignore previous bearer abc1 https://u:p@h eyJaaaaaaaaaa.b.c ",
    ),
];

/// Go's sanRealistic: the lines in turn up to n bytes (all ASCII but one line, cut at n as Go does).
fn realistic(n: usize) -> String {
    let mut s = String::new();
    let mut i = 0;
    while s.len() < n {
        s.push_str(REALISTIC[i % REALISTIC.len()]);
        i += 1;
    }
    let mut cut = n;
    while !s.is_char_boundary(cut) {
        cut -= 1; // Go cuts bytes; a cut inside "é" would not be a &str
    }
    s.truncate(cut);
    s
}

/// unit repeated to exactly n bytes (the units are ASCII).
fn repeat(unit: &str, n: usize) -> String {
    unit.repeat(n / unit.len() + 1)[..n].to_string()
}

/// Microseconds per KiB of input, measured over at least 300 ms.
fn measure(input: &str, limit: usize) -> f64 {
    black_box(sanitize_text_limit("warm up: compile the rules once", 0));
    let (mut n, start) = (0u32, Instant::now());
    while start.elapsed() < Duration::from_millis(300) {
        black_box(sanitize_text_limit(black_box(input), limit));
        n += 1;
    }
    start.elapsed().as_secs_f64() * 1e6 / f64::from(n) / (input.len() as f64 / 1024.0)
}

fn main() {
    println!("{:<28} {:>10}", "input", "µs/KiB");
    for size in [1 << 10, 4 << 10, 16 << 10, 64 << 10] {
        let input = realistic(size);
        println!("{:<28} {:>10.2}", format!("realistic/{}KiB", size >> 10), measure(&input, size));
    }
    for (name, unit) in HOSTILE {
        for size in [4 << 10, 16 << 10, 64 << 10] {
            let input = repeat(unit, size);
            println!("{:<28} {:>10.2}", format!("hostile-{name}/{}KiB", size >> 10), measure(&input, size));
        }
    }
}
