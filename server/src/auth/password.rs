//! Passwords and the one-time setup code: Argon2id hashes with OWASP's parameters (19 MiB,
//! 2 passes, 1 lane: the `argon2` crate's defaults), and setup codes compared in constant time.

use argon2::password_hash::rand_core::{OsRng, RngCore};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use sha2::{Digest, Sha256};

/// The Argon2id PHC string of `password` with a new random salt.
///
/// # Errors
///
/// The hasher's message (it does not fail for passwords of ordinary length).
pub fn hash_password(password: &str) -> Result<String, String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|err| err.to_string())
}

/// Whether `password` matches the PHC string `hash`.
pub(crate) fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

/// A new setup code: 16 random bytes in hex (the 128 bits of a password nobody guesses, and
/// sign-ins are limited besides).
pub(crate) fn new_setup_code() -> String {
    let mut bytes = [0u8; 16];
    OsRng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// Whether `given` (spaces around it ignored) is the setup code `code`, in constant time: the
/// SHA-256 digests of both are compared byte by byte without stopping at the first difference,
/// so the time taken says nothing about how much of the code was right.
pub(crate) fn is_setup_code(given: &str, code: &str) -> bool {
    let given = Sha256::digest(given.trim().as_bytes());
    let code = Sha256::digest(code.as_bytes());
    let difference = given
        .iter()
        .zip(code.iter())
        .fold(0u8, |acc, (a, b)| acc | (a ^ b));
    std::hint::black_box(difference) == 0
}
