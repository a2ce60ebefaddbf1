//! Brent's minimiser of a function of one variable on an interval, without derivatives
//! (R. P. Brent, "Algorithms for Minimization without Derivatives", 1973, ch. 5, procedure
//! `localmin`; as Forsythe, Malcolm and Moler's `fmin`): golden-section steps, parabolic
//! interpolation when it behaves. R's `optimize` runs this algorithm with a tolerance of
//! ε^¼, and PlayerRatings finds Glicko-2's volatility with it: reproducing PlayerRatings to
//! 10⁻⁶ needs the same minimiser, step for step, not just the same minimum.

/// The point in `[a, b]` where `f` is smallest, to within `tol` (plus a relative √ε).
pub fn fmin(f: &mut dyn FnMut(f64) -> f64, mut a: f64, mut b: f64, tol: f64) -> f64 {
    let golden = (3.0 - 5f64.sqrt()) / 2.0;
    let eps = f64::EPSILON.sqrt();
    let (mut v, mut d, mut e) = (a + golden * (b - a), 0.0f64, 0.0f64);
    let (mut w, mut x) = (v, v);
    let mut fx = f(x);
    let (mut fv, mut fw) = (fx, fx);
    let tol3 = tol / 3.0;
    loop {
        let xm = (a + b) / 2.0;
        let tol1 = eps * x.abs() + tol3;
        let t2 = 2.0 * tol1;
        if (x - xm).abs() <= t2 - (b - a) / 2.0 {
            return x;
        }
        let (mut p, mut q, mut r) = (0.0f64, 0.0f64, 0.0f64);
        if e.abs() > tol1 {
            r = (x - w) * (fx - fv);
            q = (x - v) * (fx - fw);
            p = (x - v) * q - (x - w) * r;
            q = (q - r) * 2.0;
            if q > 0.0 {
                p = -p;
            } else {
                q = -q;
            }
            r = e;
            e = d;
        }
        if p.abs() >= (0.5 * q * r).abs() || p <= q * (a - x) || p >= q * (b - x) {
            // A golden-section step into the larger part.
            e = if x < xm { b - x } else { a - x };
            d = golden * e;
        } else {
            // A parabolic step, not too near the ends.
            d = p / q;
            let u = x + d;
            if u - a < t2 || b - u < t2 {
                d = if x < xm { tol1 } else { -tol1 };
            }
        }
        let u = if d.abs() >= tol1 {
            x + d
        } else if d > 0.0 {
            x + tol1
        } else {
            x - tol1
        };
        let fu = f(u);
        if fu <= fx {
            if u < x {
                b = x;
            } else {
                a = x;
            }
            (v, fv, w, fw, x, fx) = (w, fw, x, fx, u, fu);
        } else {
            if u < x {
                a = u;
            } else {
                b = u;
            }
            if fu <= fw || w == x {
                (v, fv, w, fw) = (w, fw, u, fu);
            } else if fu <= fv || v == x || v == w {
                (v, fv) = (u, fu);
            }
        }
    }
}

/// R's `optimize` default tolerance, ε^¼.
pub fn r_tolerance() -> f64 {
    f64::EPSILON.powf(0.25)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_minimum_of_smooth_and_kinked_functions() {
        let x = fmin(&mut |x| (x - 1.234).powi(2) + 3.0, -10.0, 10.0, 1e-10);
        assert!((x - 1.234).abs() < 1e-8, "{x}");
        let y = fmin(&mut |x| (x - 0.3).abs(), 0.0, 1.0, 1e-9);
        assert!((y - 0.3).abs() < 1e-7, "{y}");
        let edge = fmin(&mut |x| x, 2.0, 5.0, 1e-9);
        assert!((edge - 2.0).abs() < 1e-6, "at the interval's end: {edge}");
    }
}
