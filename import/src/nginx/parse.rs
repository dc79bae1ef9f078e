//! nginx's configuration syntax: directives of words ending in `;`, blocks in `{ }`, `#`
//! comments, single- and double-quoted words. Every word keeps its line and column, so a row
//! names the line that sets it and a malformed file names where reading stopped.
//!
//! The words are read as nginx's own reader (`ngx_conf_read_token`) reads them: a word ends at
//! whitespace, `;` or `{`, except that `${` continues it (`${BACKEND}` is one word, as envsubst
//! templates write it); `#` starts a comment only where a word could start; a backslash keeps
//! the next character in the word.

/// A word of a directive: its text (without the quotes of a quoted word) and where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Word {
    /// The text, without surrounding quotes.
    pub(crate) text: String,
    /// The line (1-based).
    pub(crate) line: usize,
    /// The column (1-based, in characters).
    pub(crate) column: usize,
}

/// One directive: its name, its arguments and, for a block directive (`server { ... }`), the
/// directives inside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Directive {
    /// The name (`proxy_read_timeout`, `location`).
    pub(crate) name: Word,
    /// The arguments as written (`~`, `^/api/`).
    pub(crate) args: Vec<Word>,
    /// The directives of its block, when it has one.
    pub(crate) block: Option<Vec<Directive>>,
}

impl Directive {
    /// The arguments' texts joined by one space (`error timeout http_502`).
    pub(crate) fn args_text(&self) -> String {
        let words: Vec<&str> = self.args.iter().map(|a| a.text.as_str()).collect();
        words.join(" ")
    }

    /// The directives of its block (none for a simple directive).
    pub(crate) fn children(&self) -> &[Directive] {
        self.block.as_deref().unwrap_or(&[])
    }
}

/// Where a file stopped being nginx configuration, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    /// The line (1-based).
    pub(crate) line: usize,
    /// The column (1-based, in characters).
    pub(crate) column: usize,
    /// What was found there.
    pub(crate) message: String,
}

/// Blocks nested deeper than this are an error, not a stack overflow (real configurations
/// nest `http`, `server` and a few `location`s).
const MAX_DEPTH: usize = 64;

/// A token of the syntax.
#[derive(Debug)]
enum Token {
    Word(Word),
    /// `;` at a line and column.
    End(usize, usize),
    /// `{` at a line and column.
    Open(usize, usize),
    /// `}` at a line and column.
    Close(usize, usize),
}

/// The tokens of `text`, or where a quoted word is never closed.
fn tokens(text: &str) -> Result<Vec<Token>, SyntaxError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line, mut column) = (0, 1, 1);
    // Moves past one character, counting lines and columns.
    let step = |i: &mut usize, line: &mut usize, column: &mut usize| {
        if chars[*i] == '\n' {
            *line += 1;
            *column = 1;
        } else {
            *column += 1;
        }
        *i += 1;
    };
    while i < chars.len() {
        let c = chars[i];
        match c {
            c if c.is_whitespace() => step(&mut i, &mut line, &mut column),
            '#' => {
                while i < chars.len() && chars[i] != '\n' {
                    step(&mut i, &mut line, &mut column);
                }
            }
            ';' => {
                out.push(Token::End(line, column));
                step(&mut i, &mut line, &mut column);
            }
            '{' => {
                out.push(Token::Open(line, column));
                step(&mut i, &mut line, &mut column);
            }
            '}' => {
                out.push(Token::Close(line, column));
                step(&mut i, &mut line, &mut column);
            }
            '"' | '\'' => {
                let (at_line, at_column) = (line, column);
                step(&mut i, &mut line, &mut column);
                let mut word = String::new();
                loop {
                    let Some(&ch) = chars.get(i) else {
                        return Err(SyntaxError {
                            line: at_line,
                            column: at_column,
                            message: format!(
                                "unterminated quote: the {c} opened here is never closed"
                            ),
                        });
                    };
                    step(&mut i, &mut line, &mut column);
                    if ch == c {
                        break;
                    }
                    if ch == '\\' {
                        if let Some(&next) = chars.get(i) {
                            // nginx unescapes a quote and a backslash; other escapes stay.
                            if next != c && next != '\\' {
                                word.push('\\');
                            }
                            word.push(next);
                            step(&mut i, &mut line, &mut column);
                            continue;
                        }
                    }
                    word.push(ch);
                }
                out.push(Token::Word(Word {
                    text: word,
                    line: at_line,
                    column: at_column,
                }));
            }
            _ => {
                let (at_line, at_column) = (line, column);
                let mut word = String::new();
                while let Some(&ch) = chars.get(i) {
                    let continues_variable = ch == '{' && word.ends_with('$');
                    if !continues_variable && (ch.is_whitespace() || ch == ';' || ch == '{') {
                        break;
                    }
                    word.push(ch);
                    step(&mut i, &mut line, &mut column);
                    if ch == '\\' {
                        if let Some(&next) = chars.get(i) {
                            word.push(next);
                            step(&mut i, &mut line, &mut column);
                        }
                    }
                }
                out.push(Token::Word(Word {
                    text: word,
                    line: at_line,
                    column: at_column,
                }));
            }
        }
    }
    Ok(out)
}

/// The directives of `text`, in order, or the first place it is not nginx configuration: an
/// unterminated quote (at the quote), a block never closed (at its `{`), a `}` with no block
/// open, a directive without its `;` (at the directive), a `;` or `{` with no directive.
pub(crate) fn parse(text: &str) -> Result<Vec<Directive>, SyntaxError> {
    let tokens = tokens(text)?;
    let mut at = 0;
    block(&tokens, &mut at, None, 0)
}

/// The directives up to the `}` that closes the block opened at `open` (or to the end of the
/// file for the top level).
fn block(
    tokens: &[Token],
    at: &mut usize,
    open: Option<(usize, usize)>,
    depth: usize,
) -> Result<Vec<Directive>, SyntaxError> {
    let error = |(line, column): (usize, usize), message: String| SyntaxError {
        line,
        column,
        message,
    };
    if depth > MAX_DEPTH {
        let place = open.unwrap_or((1, 1));
        return Err(error(
            place,
            format!("blocks nested more than {MAX_DEPTH} deep"),
        ));
    }
    let mut out = Vec::new();
    loop {
        match tokens.get(*at) {
            None => {
                return match open {
                    Some(place) => Err(error(
                        place,
                        "unbalanced braces: the { opened here is never closed".into(),
                    )),
                    None => Ok(out),
                };
            }
            Some(Token::Close(line, column)) => {
                *at += 1;
                return match open {
                    Some(_) => Ok(out),
                    None => Err(error(
                        (*line, *column),
                        "unbalanced braces: this } closes no block".into(),
                    )),
                };
            }
            Some(Token::End(line, column)) => {
                return Err(error(
                    (*line, *column),
                    "unexpected ; with no directive".into(),
                ));
            }
            Some(Token::Open(line, column)) => {
                return Err(error(
                    (*line, *column),
                    "unexpected { with no directive".into(),
                ));
            }
            Some(Token::Word(name)) => {
                *at += 1;
                let mut args = Vec::new();
                loop {
                    match tokens.get(*at) {
                        Some(Token::Word(w)) => {
                            args.push(w.clone());
                            *at += 1;
                        }
                        Some(Token::End(..)) => {
                            *at += 1;
                            out.push(Directive {
                                name: name.clone(),
                                args,
                                block: None,
                            });
                            break;
                        }
                        Some(Token::Open(line, column)) => {
                            *at += 1;
                            let inner = block(tokens, at, Some((*line, *column)), depth + 1)?;
                            out.push(Directive {
                                name: name.clone(),
                                args,
                                block: Some(inner),
                            });
                            break;
                        }
                        Some(Token::Close(..)) | None => {
                            return Err(error(
                                (name.line, name.column),
                                format!("the directive {} has no ; at its end", name.text),
                            ));
                        }
                    }
                }
            }
        }
    }
}
