//! The statement language: a documented subset of Walnut's syntax (H. Mousavi, "Automatic
//! theorem proving in Walnut", 2016), parsed by recursive descent into a [`Formula`] whose
//! variables are resolved to their binders.
//!
//! ```text
//! formula := impl ('<=>' impl)*
//! impl    := junct ('=>' junct)*
//! junct   := unary (('&' | '|') unary)*
//! unary   := '~' unary | ('A' | 'E') name (',' name)* formula | primary
//! primary := '(' formula ')' | 'true' | 'false' | ['$'] pred '(' term (',' term)* ')'
//!          | term ('=' | '!=' | '<' | '<=' | '>' | '>=') term
//! term    := summand ('+' summand)*
//! summand := number | number '*' name | name
//! ```
//!
//! `~` binds tightest; `&` and `|` share one level; then `=>`, then `<=>`; every binary operator
//! associates to the left.  A quantifier's scope runs to the closing parenthesis or the end, so
//! `A x,y one(x,y) => ~P(x,y)` quantifies the implication.  Variables range over the natural
//! numbers 0, 1, 2, …; every variable must be bound.  A predicate may be written with Walnut's
//! `$` directly before its name (`$P(x,y)`); a `$` anywhere else is a syntax error.  Cost: linear
//! in the statement.

use super::dfa::Var;
use rug::Integer;
use wythoff_core::error::{Error, Result};

/// A comparison of two terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rel {
    /// `=`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl Rel {
    /// The comparison that holds exactly where this one fails.
    pub fn negation(self) -> Rel {
        match self {
            Rel::Eq => Rel::Ne,
            Rel::Ne => Rel::Eq,
            Rel::Lt => Rel::Ge,
            Rel::Ge => Rel::Lt,
            Rel::Le => Rel::Gt,
            Rel::Gt => Rel::Le,
        }
    }
}

/// A binary connective.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `&`
    And,
    /// `|`
    Or,
    /// `=>`
    Implies,
    /// `<=>`
    Iff,
}

/// A term Σ aᵢxᵢ + c with natural coefficients.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// (variable, coefficient ≥ 1) pairs, a variable possibly repeated.
    pub vars: Vec<(Var, i64)>,
    /// The constant c ≥ 0.
    pub constant: Integer,
}

impl Term {
    /// The variable, when the term is one variable with coefficient 1 and no constant.
    pub fn as_var(&self) -> Option<Var> {
        match self.vars.as_slice() {
            [(v, 1)] if self.constant == 0 => Some(*v),
            _ => None,
        }
    }
}

/// A formula with its variables resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Formula {
    /// `true` or `false`.
    Const(bool),
    /// A comparison.
    Rel(Rel, Term, Term),
    /// A predicate of the vocabulary applied to terms.
    Pred(String, Vec<Term>),
    /// `~`
    Not(Box<Formula>),
    /// A binary connective.
    Bin(Op, Box<Formula>, Box<Formula>),
    /// `E` (false) or `A` (true) over the variables, in order.
    Quant(bool, Vec<Var>, Box<Formula>),
}

/// A parsed statement: its formula and the name of every variable (indexed by [`Var`]).
#[derive(Clone, Debug)]
pub struct Statement {
    /// The formula.
    pub formula: Formula,
    /// `names[v]` is the name variable v was written with.
    pub names: Vec<String>,
}

/// The most symbols a statement may have: the automata are built by recursion over the formula,
/// whose depth this bounds (a statement of Walnut's kind has tens of symbols).
pub const MAX_SYMBOLS: usize = 1000;

/// The deepest nesting of parentheses, negations and quantifiers accepted.
pub const MAX_NESTING: usize = 100;

/// The largest coefficient accepted in `k*x`.
pub const MAX_COEFFICIENT: i64 = 1 << 20;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Name(String),
    Num(Integer),
    Sym(&'static str),
    End,
}

const SYMBOLS: [&str; 15] = [
    "<=>", "=>", "!=", "<=", ">=", "<", ">", "=", "~", "&", "|", "(", ")", ",", "+",
];

fn lex(text: &str) -> Result<Vec<(Tok, usize)>> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let digits: String = chars[start..i].iter().collect();
            let n = Integer::from_str_radix(&digits, 10).map_err(|_| at(start, "not a number"))?;
            out.push((Tok::Num(n), start));
        } else if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push((Tok::Name(chars[start..i].iter().collect()), start));
        } else if c == '*' {
            out.push((Tok::Sym("*"), i));
            i += 1;
        } else if c == '$' && chars.get(i + 1).is_some_and(char::is_ascii_alphabetic) {
            // Walnut's mark of a predicate, `$P(x,y)`: the parser checks that one follows
            out.push((Tok::Sym("$"), i));
            i += 1;
        } else {
            let rest: String = chars[i..chars.len().min(i + 3)].iter().collect();
            let Some(sym) = SYMBOLS.iter().find(|s| rest.starts_with(**s)) else {
                return Err(at(
                    i,
                    &format!("unexpected character '{}'", c.escape_default()),
                ));
            };
            out.push((Tok::Sym(sym), i));
            i += sym.chars().count();
        }
    }
    out.push((Tok::End, chars.len()));
    Ok(out)
}

/// A syntax error at character `pos` (0-based), reported 1-based.
fn at(pos: usize, what: &str) -> Error {
    Error::usage(format!("the statement, at character {}: {what}", pos + 1))
}

struct Parser<'a> {
    toks: Vec<(Tok, usize)>,
    depth: usize,
    i: usize,
    names: Vec<String>,
    scope: Vec<(String, Var)>,
    arity: &'a dyn Fn(&str) -> Option<usize>,
}

/// Parses `text`; `arity(name)` gives each predicate's number of arguments (`None`: unknown).
pub fn parse(text: &str, arity: &dyn Fn(&str) -> Option<usize>) -> Result<Statement> {
    let toks = lex(text)?;
    if toks.len() > MAX_SYMBOLS {
        return Err(Error::usage(format!(
            "the statement has {} symbols; at most {MAX_SYMBOLS} are accepted",
            toks.len() - 1
        )));
    }
    let mut p = Parser {
        toks,
        depth: 0,
        i: 0,
        names: Vec::new(),
        scope: Vec::new(),
        arity,
    };
    let formula = p.formula()?;
    if p.peek() != &Tok::End {
        return Err(p.error("expected an operator or the end of the statement"));
    }
    Ok(Statement {
        formula,
        names: p.names,
    })
}

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        &self.toks[self.i].0
    }
    fn pos(&self) -> usize {
        self.toks[self.i].1
    }
    fn error(&self, what: &str) -> Error {
        let found = match self.peek() {
            Tok::End => "the end".to_string(),
            Tok::Name(n) => format!("'{n}'"),
            Tok::Num(n) => format!("'{n}'"),
            Tok::Sym(s) => format!("'{s}'"),
        };
        at(self.pos(), &format!("{what}, found {found}"))
    }
    fn eat(&mut self, sym: &str) -> bool {
        if self.peek() == &Tok::Sym(leak(sym)) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, sym: &str) -> Result<()> {
        if self.eat(sym) {
            Ok(())
        } else {
            Err(self.error(&format!("expected '{sym}'")))
        }
    }

    /// One level of binary connectives: `next (op next)*` for the operators `ops` (tried in
    /// order), grouped to the left.
    fn level(
        &mut self,
        ops: &[(&str, Op)],
        next: fn(&mut Self) -> Result<Formula>,
    ) -> Result<Formula> {
        let mut f = next(self)?;
        while let Some(&(_, op)) = ops.iter().find(|(sym, _)| self.eat(sym)) {
            let g = next(self)?;
            f = Formula::Bin(op, Box::new(f), Box::new(g));
        }
        Ok(f)
    }

    fn formula(&mut self) -> Result<Formula> {
        self.level(&[("<=>", Op::Iff)], Self::implication)
    }

    fn implication(&mut self) -> Result<Formula> {
        self.level(&[("=>", Op::Implies)], Self::junction)
    }

    fn junction(&mut self) -> Result<Formula> {
        self.level(&[("&", Op::And), ("|", Op::Or)], Self::unary)
    }

    fn unary(&mut self) -> Result<Formula> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.error(&format!(
                "the statement nests deeper than {MAX_NESTING} levels"
            )));
        }
        let f = self.unary_inner();
        self.depth -= 1;
        f
    }

    fn unary_inner(&mut self) -> Result<Formula> {
        if self.eat("~") {
            return Ok(Formula::Not(Box::new(self.unary()?)));
        }
        if let Tok::Name(q) = self.peek()
            && (q == "A" || q == "E")
        {
            let forall = q == "A";
            self.i += 1;
            let mut vars = Vec::new();
            loop {
                let Tok::Name(name) = self.peek().clone() else {
                    return Err(self.error("expected a variable after the quantifier"));
                };
                if reserved(&name) {
                    return Err(self.error("expected a variable after the quantifier"));
                }
                if vars.iter().any(|&v: &Var| self.names[v as usize] == name) {
                    return Err(self.error(&format!(
                        "the variable '{name}' is quantified twice in one block"
                    )));
                }
                self.i += 1;
                let v = self.names.len() as Var;
                self.names.push(name.clone());
                self.scope.push((name, v));
                vars.push(v);
                if !self.eat(",") {
                    break;
                }
            }
            let body = self.formula()?;
            self.scope.truncate(self.scope.len() - vars.len());
            return Ok(Formula::Quant(forall, vars, Box::new(body)));
        }
        self.primary()
    }

    fn primary(&mut self) -> Result<Formula> {
        if self.eat("(") {
            let f = self.formula()?;
            self.expect(")")?;
            return Ok(f);
        }
        if self.peek() == &Tok::Sym("$") {
            // Walnut's spelling of a predicate: `$` directly before its name
            let name = match &self.toks[self.i + 1].0 {
                Tok::Name(n) if !reserved(n) => n.clone(),
                _ => return Err(self.error("'$' is followed by a predicate's name")),
            };
            if self.toks.get(self.i + 2).map(|t| &t.0) != Some(&Tok::Sym("(")) {
                return Err(self.error(&format!(
                    "'$' marks a predicate applied to its arguments, ${name}(…)"
                )));
            }
            self.i += 1;
        }
        if let Tok::Name(name) = self.peek().clone() {
            if name == "true" || name == "false" {
                self.i += 1;
                return Ok(Formula::Const(name == "true"));
            }
            if self.toks[self.i + 1].0 == Tok::Sym("(") {
                let start = self.pos();
                let Some(arity) = (self.arity)(&name) else {
                    return Err(at(start, &format!("unknown predicate '{name}'")));
                };
                self.i += 2;
                let mut args = vec![self.term()?];
                while self.eat(",") {
                    args.push(self.term()?);
                }
                self.expect(")")?;
                if args.len() != arity {
                    return Err(at(
                        start,
                        &format!(
                            "the predicate '{name}' takes {arity} argument{}, not {}",
                            if arity == 1 { "" } else { "s" },
                            args.len()
                        ),
                    ));
                }
                return Ok(Formula::Pred(name, args));
            }
        }
        if matches!(self.peek(), Tok::Name(_) | Tok::Num(_)) {
            let lhs = self.term()?;
            let rel = [
                ("=", Rel::Eq),
                ("!=", Rel::Ne),
                ("<=", Rel::Le),
                (">=", Rel::Ge),
                ("<", Rel::Lt),
                (">", Rel::Gt),
            ]
            .into_iter()
            .find(|(s, _)| self.peek() == &Tok::Sym(s));
            let Some((_, rel)) = rel else {
                return Err(self.error("expected a comparison (= != < <= > >=)"));
            };
            self.i += 1;
            let rhs = self.term()?;
            return Ok(Formula::Rel(rel, lhs, rhs));
        }
        Err(self.error("expected a formula"))
    }

    fn term(&mut self) -> Result<Term> {
        let mut t = Term {
            vars: Vec::new(),
            constant: Integer::new(),
        };
        loop {
            match self.peek().clone() {
                Tok::Num(n) => {
                    let start = self.pos();
                    self.i += 1;
                    if self.eat("*") {
                        let k = n.to_i64().filter(|k| (1..=MAX_COEFFICIENT).contains(k));
                        let Some(k) = k else {
                            return Err(at(
                                start,
                                &format!("a coefficient must be 1 to {MAX_COEFFICIENT}"),
                            ));
                        };
                        let v = self.variable()?;
                        t.vars.push((v, k));
                    } else {
                        t.constant += n;
                    }
                }
                Tok::Name(_) => {
                    let v = self.variable()?;
                    t.vars.push((v, 1));
                }
                _ => return Err(self.error("expected a variable or a number")),
            }
            if !self.eat("+") {
                return Ok(t);
            }
        }
    }

    fn variable(&mut self) -> Result<Var> {
        let Tok::Name(name) = self.peek().clone() else {
            return Err(self.error("expected a variable"));
        };
        if reserved(&name) {
            return Err(self.error("expected a variable"));
        }
        let Some(&(_, v)) = self.scope.iter().rev().find(|(n, _)| *n == name) else {
            let hint = if (self.arity)(&name).is_some() {
                format!("'{name}' is a predicate: write its arguments in parentheses, {name}(…)")
            } else if name.len() > 1 && (name.starts_with('A') || name.starts_with('E')) {
                format!(
                    "the variable '{name}' is free (a quantifier is written with a space: {} {})",
                    &name[..1],
                    &name[1..]
                )
            } else {
                format!("the variable '{name}' is free (bind it with A or E)")
            };
            return Err(at(self.pos(), &hint));
        };
        self.i += 1;
        Ok(v)
    }
}

fn reserved(name: &str) -> bool {
    matches!(name, "A" | "E" | "true" | "false")
}

/// The static spelling of a symbol (every symbol the parser asks for is one of these).
fn leak(sym: &str) -> &'static str {
    SYMBOLS
        .iter()
        .chain(&["*", "$"])
        .find(|s| **s == sym)
        .copied()
        .unwrap_or("")
}
