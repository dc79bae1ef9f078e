//! How the server functions' answers and errors travel: JSON, read in the browser the way the
//! islands read their props.
//!
//! The islands get their props as JSON read from a string (`serde_json::from_str`, as the
//! `#[island]` macro does), and Leptos' own [`Json`](leptos::server_fn::codec::Json) codec
//! reads answers from bytes (`serde_json::from_slice`): the same types (a sheet, its report)
//! would then be read by two copies of every deserializer in the wasm, one per kind of input.
//! [`JsonText`] writes the same JSON and reads it from a string, so there is one copy.

use leptos::server_fn::codec::Post;
use leptos::server_fn::{ContentType, Decodes, Encodes, Format, FormatType};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// The encoding of [`JsonText`]: `application/json`, written with `serde_json::to_vec` and
/// read with `serde_json::from_str` (text that is not UTF-8 is read with its bad bytes
/// replaced, and then fails as JSON).
pub struct JsonTextEncoding;

impl ContentType for JsonTextEncoding {
    const CONTENT_TYPE: &'static str = "application/json";
}

impl FormatType for JsonTextEncoding {
    const FORMAT_TYPE: Format = Format::Text;
}

impl<T: Serialize> Encodes<T> for JsonTextEncoding {
    type Error = serde_json::Error;

    fn encode(value: &T) -> Result<leptos::server_fn::Bytes, Self::Error> {
        serde_json::to_vec(value).map(Into::into)
    }
}

impl<T: DeserializeOwned> Decodes<T> for JsonTextEncoding {
    type Error = serde_json::Error;

    fn decode(bytes: leptos::server_fn::Bytes) -> Result<T, Self::Error> {
        serde_json::from_str(&String::from_utf8_lossy(&bytes))
    }
}

/// JSON in the body of a `POST`'s answer, read as text: the output encoding of every server
/// function (`#[server(output = JsonText)]`).
pub type JsonText = Post<JsonTextEncoding>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::AppError;

    #[test]
    fn an_answer_reads_back_as_it_was_written() {
        let error = AppError::Tsv {
            line: Some(3),
            message: "line 3: expected 8 cells, found 7".into(),
        };
        let bytes = <JsonTextEncoding as Encodes<AppError>>::encode(&error).unwrap();
        assert_eq!(
            std::str::from_utf8(&bytes).unwrap(),
            r#"{"Tsv":{"line":3,"message":"line 3: expected 8 cells, found 7"}}"#
        );
        let read: AppError = JsonTextEncoding::decode(bytes).unwrap();
        assert_eq!(read, error);
    }

    #[test]
    fn bytes_that_are_not_json_are_an_error() {
        let bytes = leptos::server_fn::Bytes::from_static(b"\xff{");
        let read: Result<AppError, _> = JsonTextEncoding::decode(bytes);
        assert!(read.is_err());
    }
}
