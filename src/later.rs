//! A view's result as it crosses from a worker to the page, decoded by the view that shows it.
//!
//! The page reads every worker message in its main part (`bridge.rs`), which a first visit
//! loads. Decoding a message's content there would put the decoding code of every view's
//! results (the comparison, prediction, the race, a step's working, the desk's) in the main
//! part too. A [`Later`] field is read there as the browser's value, untouched; the view
//! decodes it ([`Later::open`]) in its own part of the wasm, loaded when the view is first
//! shown (issue 24). The worker writes the value in full, as any other field.
//!
//! Natively (the tests, which cross no worker) the value is decoded at once.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A value of type `T`, decoded when opened.
#[derive(Clone, Debug)]
pub struct Later<T>(Held<T>);

#[derive(Clone, Debug)]
enum Held<T> {
    Value(T),
    /// As the worker's message carried it, not decoded yet.
    #[cfg(target_arch = "wasm32")]
    Raw(wasm_bindgen::JsValue),
}

impl<T> Later<T> {
    pub fn new(value: T) -> Later<T> {
        Later(Held::Value(value))
    }
}

impl<T: DeserializeOwned + Clone> Later<T> {
    /// The value, decoded (each call decodes it again: keep what it gives).
    pub fn open(&self) -> Result<T, String> {
        match &self.0 {
            Held::Value(v) => Ok(v.clone()),
            #[cfg(target_arch = "wasm32")]
            Held::Raw(raw) => {
                serde_wasm_bindgen::from_value(raw.clone()).map_err(|e| format!("the worker's answer could not be read: {e}"))
            }
        }
    }
}

/// Equal when both are decoded and equal (a value not decoded yet is equal to nothing).
impl<T: PartialEq> PartialEq for Later<T> {
    fn eq(&self, other: &Later<T>) -> bool {
        match (&self.0, &other.0) {
            (Held::Value(a), Held::Value(b)) => a == b,
            #[cfg(target_arch = "wasm32")]
            _ => false,
        }
    }
}

impl<T: Serialize> Serialize for Later<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            Held::Value(v) => v.serialize(serializer),
            #[cfg(target_arch = "wasm32")]
            Held::Raw(raw) => serde_wasm_bindgen::preserve::serialize(raw, serializer),
        }
    }
}

/// Read as the browser's value: `T`'s own decoding is not called, so not linked here.
#[cfg(target_arch = "wasm32")]
impl<'de, T> Deserialize<'de> for Later<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Later<T>, D::Error> {
        serde_wasm_bindgen::preserve::deserialize(deserializer).map(|raw| Later(Held::Raw(raw)))
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl<'de, T: Deserialize<'de>> Deserialize<'de> for Later<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Later<T>, D::Error> {
        T::deserialize(deserializer).map(Later::new)
    }
}
