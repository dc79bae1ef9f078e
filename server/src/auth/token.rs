//! API tokens: made from the operating system's random numbers, kept as their SHA-256 only.

use argon2::password_hash::rand_core::{OsRng, RngCore};
use sha2::{Digest, Sha256};
use workbench_store::teams::Minted;

/// A new API token or invitation secret: `wb_` and 32 random bytes in hex; and its SHA-256
/// (hex), which is all the store keeps.
pub fn new_token() -> Minted {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    let token = format!("wb_{}", hex::encode(bytes));
    let hash = token_hash(&token);
    Minted { token, hash }
}

/// The SHA-256 of `token`, in hex.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}
