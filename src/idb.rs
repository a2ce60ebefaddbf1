//! A large input file kept in the browser's IndexedDB, so it survives a reload without going
//! through the text area (which would freeze the page) or local storage (too small). The
//! page stores it; the worker reads it from there; *Clear* removes it. It works in both,
//! since both have `indexedDB` on their global object.

use js_sys::{Object, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, IdbDatabase, IdbFactory, IdbOpenDbRequest, IdbRequest, IdbTransactionMode};

const DB: &str = "ratings-lab";
const STORE: &str = "files";
const KEY: &str = "input";

fn error(what: &str, e: JsValue) -> String {
    format!("{what}: {}", e.as_string().or_else(|| js_sys::JSON::stringify(&e).ok().and_then(|s| s.as_string())).unwrap_or_default())
}

/// Watches a request from now on: the future gives its success (its result) or failure.
fn watch(req: &IdbRequest) -> JsFuture {
    let promise = Promise::new(&mut |resolve, reject| {
        let ok = Closure::once_into_js(move |ev: web_sys::Event| {
            let result = ev.target().and_then(|t| t.dyn_into::<IdbRequest>().ok()).and_then(|r| r.result().ok());
            let _ = resolve.call1(&JsValue::NULL, &result.unwrap_or(JsValue::UNDEFINED));
        });
        let fail = Closure::once_into_js(move |ev: web_sys::Event| {
            let _ = reject.call1(&JsValue::NULL, &ev);
        });
        req.set_onsuccess(Some(ok.unchecked_ref()));
        req.set_onerror(Some(fail.unchecked_ref()));
    });
    JsFuture::from(promise)
}

/// Watches a transaction from now on: the future ends when it is committed, or fails when it
/// is aborted or fails.
fn committed(tx: &web_sys::IdbTransaction) -> JsFuture {
    let promise = Promise::new(&mut |resolve, reject| {
        let ok = Closure::once_into_js(move || {
            let _ = resolve.call0(&JsValue::NULL);
        });
        let fail = Closure::once_into_js(move |ev: web_sys::Event| {
            let _ = reject.call1(&JsValue::NULL, &ev);
        });
        tx.set_oncomplete(Some(ok.unchecked_ref()));
        tx.set_onerror(Some(fail.unchecked_ref()));
        tx.set_onabort(Some(fail.unchecked_ref()));
    });
    JsFuture::from(promise)
}

/// Waits for a request's success (its result) or failure.
async fn done(req: &IdbRequest) -> Result<JsValue, String> {
    watch(req).await.map_err(|e| error("the browser's storage refused", e))
}

/// The database `db`, with its one store `name` created on first use.
async fn open(db: &str, name: &'static str) -> Result<IdbDatabase, String> {
    let factory: IdbFactory =
        Reflect::get(&js_sys::global(), &"indexedDB".into()).ok().and_then(|f| f.dyn_into().ok()).ok_or("this browser has no IndexedDB")?;
    let req: IdbOpenDbRequest = factory.open_with_u32(db, 1).map_err(|e| error("cannot open the browser's storage", e))?;
    let upgrade = Closure::once_into_js(move |ev: web_sys::Event| {
        let db = ev.target().and_then(|t| t.dyn_into::<IdbOpenDbRequest>().ok()).and_then(|r| r.result().ok());
        if let Some(db) = db.and_then(|d| d.dyn_into::<IdbDatabase>().ok()) {
            let _ = db.create_object_store(name);
        }
    });
    req.set_onupgradeneeded(Some(upgrade.unchecked_ref()));
    done(&req).await?.dyn_into().map_err(|_| "the browser's storage gave no database".to_string())
}

async fn object_store(db: &str, name: &'static str, mode: IdbTransactionMode) -> Result<web_sys::IdbObjectStore, String> {
    let db = open(db, name).await?;
    let tx = db.transaction_with_str_and_mode(name, mode).map_err(|e| error("cannot use the browser's storage", e))?;
    tx.object_store(name).map_err(|e| error("cannot use the browser's storage", e))
}

async fn store(mode: IdbTransactionMode) -> Result<web_sys::IdbObjectStore, String> {
    object_store(DB, STORE, mode).await
}

/// Keeps `file` (under `name`), replacing any kept before.
pub async fn put(file: &Blob, name: &str) -> Result<(), String> {
    let value = Object::new();
    Reflect::set(&value, &"name".into(), &name.into()).map_err(|e| error("", e))?;
    Reflect::set(&value, &"blob".into(), file).map_err(|e| error("", e))?;
    let req =
        store(IdbTransactionMode::Readwrite).await?.put_with_key(&value, &KEY.into()).map_err(|e| error("cannot keep the file", e))?;
    done(&req).await.map(|_| ())
}

/// A stored value as the file and its name.
fn file_of(value: JsValue) -> Option<(Blob, String)> {
    if value.is_undefined() || value.is_null() {
        return None;
    }
    let blob = Reflect::get(&value, &"blob".into()).ok().and_then(|b| b.dyn_into::<Blob>().ok());
    let name = Reflect::get(&value, &"name".into()).ok().and_then(|n| n.as_string()).unwrap_or_default();
    blob.map(|b| (b, name))
}

/// The file kept, and its name.
pub async fn get() -> Result<Option<(Blob, String)>, String> {
    let req = store(IdbTransactionMode::Readonly).await?.get(&KEY.into()).map_err(|e| error("cannot read the kept file", e))?;
    Ok(file_of(done(&req).await?))
}

/// The file kept, and its name, removed from the storage in the same transaction (the page
/// keeps it, one step back, for *Undo*).
pub async fn take() -> Result<Option<(Blob, String)>, String> {
    let store = store(IdbTransactionMode::Readwrite).await?;
    let get = store.get(&KEY.into()).map_err(|e| error("cannot read the kept file", e))?;
    let got = watch(&get);
    let delete = store.delete(&KEY.into()).map_err(|e| error("cannot remove the kept file", e))?;
    let deleted = watch(&delete);
    let value = got.await.map_err(|e| error("cannot read the kept file", e))?;
    deleted.await.map_err(|e| error("cannot remove the kept file", e))?;
    Ok(file_of(value))
}

/// Forgets the kept file.
pub async fn delete() -> Result<(), String> {
    let req = store(IdbTransactionMode::Readwrite).await?.delete(&KEY.into()).map_err(|e| error("cannot remove the kept file", e))?;
    done(&req).await.map(|_| ())
}

/// The tournament desk's tournaments, each a JSON text under its id, in a database of their
/// own (`ratings-lab-desk`), apart from the kept input file's.
pub mod tournaments {
    use super::{committed, done, error, object_store};
    use web_sys::IdbTransactionMode;

    const DB: &str = "ratings-lab-desk";
    const STORE: &str = "tournaments";

    /// Keeps `json` under `id`, replacing what was kept; done when the write is committed
    /// (the desk's journal drops a change only then).
    pub async fn put(id: &str, json: &str) -> Result<(), String> {
        let store = object_store(DB, STORE, IdbTransactionMode::Readwrite).await?;
        let committed = committed(&store.transaction());
        store.put_with_key(&json.into(), &id.into()).map_err(|e| error("cannot keep the tournament", e))?;
        committed.await.map(|_| ()).map_err(|e| error("the browser's storage did not keep the tournament", e))
    }

    /// Every tournament kept, as its JSON text.
    pub async fn all() -> Result<Vec<String>, String> {
        let store = object_store(DB, STORE, IdbTransactionMode::Readonly).await?;
        let req = store.get_all().map_err(|e| error("cannot read the tournaments", e))?;
        let values: js_sys::Array = done(&req).await?.into();
        Ok(values.iter().filter_map(|v| v.as_string()).collect())
    }

    pub async fn delete(id: &str) -> Result<(), String> {
        let store = object_store(DB, STORE, IdbTransactionMode::Readwrite).await?;
        let req = store.delete(&id.into()).map_err(|e| error("cannot remove the tournament", e))?;
        done(&req).await.map(|_| ())
    }
}

/// The desk's rating list (FIDE's players list, or a national list), kept as the file it was
/// opened from, in a database of its own (`ratings-lab-lists`): the worker reads it from here
/// (`worker::lists`), after a reload too.
pub mod lists {
    use super::{done, error, file_of, object_store};
    use js_sys::{Object, Reflect};
    use web_sys::{Blob, IdbTransactionMode};

    const DB: &str = "ratings-lab-lists";
    const STORE: &str = "lists";
    const KEY: &str = "list";

    /// Keeps `file` (under `name`), replacing the list kept before.
    pub async fn put(file: &Blob, name: &str) -> Result<(), String> {
        let value = Object::new();
        Reflect::set(&value, &"name".into(), &name.into()).map_err(|e| error("", e))?;
        Reflect::set(&value, &"blob".into(), file).map_err(|e| error("", e))?;
        let store = object_store(DB, STORE, IdbTransactionMode::Readwrite).await?;
        let req = store.put_with_key(&value, &KEY.into()).map_err(|e| error("cannot keep the rating list", e))?;
        done(&req).await.map(|_| ())
    }

    /// The list kept, and its file's name.
    pub async fn get() -> Result<Option<(Blob, String)>, String> {
        let store = object_store(DB, STORE, IdbTransactionMode::Readonly).await?;
        let req = store.get(&KEY.into()).map_err(|e| error("cannot read the rating list", e))?;
        Ok(file_of(done(&req).await?))
    }
}
