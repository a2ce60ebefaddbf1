//! A view's result as it crosses from a worker to the page, decoded by the view that shows it.
//!
//! The page reads every worker message in its main part (`bridge.rs`), which a first visit
//! loads. Decoding a message's content there would put the decoding code of every view's
//! results (the comparison, prediction, the race, a step's working, the desk's) in the main
//! part too. A [`Later`] field is read there as the browser's value, untouched; the view
//! decodes it ([`Later::open`]) in its own part of the wasm, loaded when the view is first
//! shown (issue 24).
//!
//! The worker writes the value when the result is made ([`Later::new`]), not when the message
//! is posted: the posting code, which every worker shares, then carries no view's encoding,
//! and the first worker, which makes no such result, none at all.
//!
//! Natively (the tests, which cross no worker) the value is kept as it is.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
#[cfg(target_arch = "wasm32")]
use std::marker::PhantomData;

/// A value of type `T`, decoded when opened.
#[derive(Clone, Debug)]
pub struct Later<T> {
    held: Held<T>,
}

#[derive(Clone, Debug)]
enum Held<T> {
    #[cfg(not(target_arch = "wasm32"))]
    Value(T),
    /// As the browser holds it: written by the worker, not decoded yet.
    #[cfg(target_arch = "wasm32")]
    Raw(wasm_bindgen::JsValue),
    /// The value could not be written (said when opened).
    #[cfg(target_arch = "wasm32")]
    Unwritten(String, PhantomData<T>),
}

impl<T: Serialize> Later<T> {
    /// The value, written for the page (in wasm, as the browser's value).
    pub fn new(value: T) -> Later<T> {
        #[cfg(target_arch = "wasm32")]
        let held = match serde_wasm_bindgen::to_value(&value) {
            Ok(raw) => Held::Raw(raw),
            Err(e) => Held::Unwritten(e.to_string(), PhantomData),
        };
        #[cfg(not(target_arch = "wasm32"))]
        let held = Held::Value(value);
        Later { held }
    }
}

impl<T: DeserializeOwned + Clone> Later<T> {
    /// The value, decoded (each call decodes it again: keep what it gives).
    pub fn open(&self) -> Result<T, String> {
        match &self.held {
            #[cfg(not(target_arch = "wasm32"))]
            Held::Value(v) => Ok(v.clone()),
            #[cfg(target_arch = "wasm32")]
            Held::Raw(raw) => {
                serde_wasm_bindgen::from_value(raw.clone()).map_err(|e| format!("the worker's answer could not be read: {e}"))
            }
            #[cfg(target_arch = "wasm32")]
            Held::Unwritten(e, _) => Err(format!("the worker's answer could not be written: {e}")),
        }
    }
}

/// Equal when both are kept as values and equal (natively); a value held by the browser is
/// equal to nothing: compare what [`Later::open`] gives.
impl<T: PartialEq> PartialEq for Later<T> {
    fn eq(&self, other: &Later<T>) -> bool {
        match (&self.held, &other.held) {
            #[cfg(not(target_arch = "wasm32"))]
            (Held::Value(a), Held::Value(b)) => a == b,
            #[cfg(target_arch = "wasm32")]
            _ => false,
        }
    }
}

/// In wasm, no `T: Serialize` is asked for: the value was written by [`Later::new`].
#[cfg(target_arch = "wasm32")]
impl<T> Serialize for Later<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.held {
            Held::Raw(raw) => serde_wasm_bindgen::preserve::serialize(raw, serializer),
            Held::Unwritten(e, _) => Err(serde::ser::Error::custom(e)),
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl<T: Serialize> Serialize for Later<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Held::Value(v) = &self.held;
        v.serialize(serializer)
    }
}

/// Read as the browser's value: `T`'s own decoding is not called, so not linked here.
#[cfg(target_arch = "wasm32")]
impl<'de, T> Deserialize<'de> for Later<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Later<T>, D::Error> {
        let raw = serde_wasm_bindgen::preserve::deserialize(deserializer)?;
        Ok(Later { held: Held::Raw(raw) })
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl<'de, T: Deserialize<'de>> Deserialize<'de> for Later<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Later<T>, D::Error> {
        T::deserialize(deserializer).map(|v| Later { held: Held::Value(v) })
    }
}
