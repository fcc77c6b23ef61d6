//! Values that JSON null stands beside: [`Nullable`], [`Null`] and the serde helpers that keep a
//! present null apart from an absent member.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A value that may also be JSON null. An optional nullable member is `Option<Nullable<T>>`:
/// `None` is an absent member, `Some(Nullable::Null)` a member that is null.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub enum Nullable<T> {
    /// JSON null.
    #[default]
    Null,
    /// A value of the member's type.
    Value(T),
}

impl<T> Nullable<T> {
    /// The value, or `None` for null.
    pub fn as_option(&self) -> Option<&T> {
        match self {
            Nullable::Null => None,
            Nullable::Value(v) => Some(v),
        }
    }

    /// Whether the value is null.
    pub fn is_null(&self) -> bool {
        matches!(self, Nullable::Null)
    }
}

impl<T: Serialize> Serialize for Nullable<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Nullable::Null => s.serialize_unit(),
            Nullable::Value(v) => v.serialize(s),
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Nullable<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(match Option::<T>::deserialize(d)? {
            None => Nullable::Null,
            Some(v) => Nullable::Value(v),
        })
    }
}

/// JSON null, the only value of `{"type": "null"}` or `"const": null`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Null;

impl Serialize for Null {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_unit()
    }
}

impl<'de> Deserialize<'de> for Null {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Option::<serde::de::IgnoredAny>::deserialize(d)? {
            None => Ok(Null),
            Some(_) => Err(serde::de::Error::custom("expected null")),
        }
    }
}

/// Deserializes an optional nullable member (`#[serde(default, deserialize_with = ...)]`): a
/// present member is `Some`, null included.
pub fn optional_nullable<'de, D, T>(d: D) -> Result<Option<Nullable<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Nullable::deserialize(d).map(Some)
}

/// Deserializes an optional member that holds any JSON (`#[serde(default, deserialize_with =
/// ...)]`): a present null is `Some(Value::Null)`, not an absent member.
pub fn present<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(d).map(Some)
}

/// Deserializes a member held as `i64` from any whole number, as the Go runtime decodes one: `1.0`,
/// `1e0` and `10e-1` are 1 (`#[serde(deserialize_with = ...)]`).
pub fn whole<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    let n = serde_json::Number::deserialize(d)?;
    whole_number(&n).ok_or_else(|| serde::de::Error::custom(format!("{n} is not a whole number in the range of i64")))
}

/// [`whole`] for an optional member (`#[serde(default, deserialize_with = ...)]`).
pub fn optional_whole<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    whole(d).map(Some)
}

/// The value of a whole number that fits in i64.
fn whole_number(n: &serde_json::Number) -> Option<i64> {
    if let Some(v) = n.as_i64() {
        return Some(v);
    }
    let d = crate::decimal::Decimal::parse(&n.to_string())?;
    if !d.is_int() || d.digits.len() as i64 + d.exp > 19 {
        return None;
    }
    let mut lit = String::new();
    if d.neg {
        lit.push('-');
    }
    lit.push_str(if d.digits.is_empty() { "0" } else { &d.digits });
    if !d.digits.is_empty() {
        lit.push_str(&"0".repeat(d.exp as usize));
    }
    lit.parse().ok()
}

/// Any JSON value held for an open object's member (a schema that allows anything there). It
/// reads every value and writes objects with their members sorted by name at every depth, as the
/// Go package writes its `any` values, so that both encode a value alike.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Any(pub serde_json::Value);

impl Serialize for Any {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Sorted(&self.0).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Any {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        serde_json::Value::deserialize(d).map(Any)
    }
}

struct Sorted<'a>(&'a serde_json::Value);

impl Serialize for Sorted<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self.0 {
            serde_json::Value::Object(m) => {
                let mut keys: Vec<&String> = m.keys().collect();
                keys.sort();
                let mut out = s.serialize_map(Some(keys.len()))?;
                for k in keys {
                    out.serialize_entry(k, &Sorted(&m[k]))?;
                }
                out.end()
            }
            serde_json::Value::Array(items) => {
                let mut out = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    out.serialize_element(&Sorted(item))?;
                }
                out.end()
            }
            other => other.serialize(s),
        }
    }
}
