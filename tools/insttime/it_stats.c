/* SPDX-License-Identifier: Apache-2.0 */
/* it_stats.c - mean, variance, standard deviation, linear regression. */
#include "it_stats.h"

#include <math.h>

void it_stats_reset(it_stats *s)
{
    s->n = 0;
}

int it_stats_add(it_stats *s, double time, double l1, double l2)
{
    if (s->n == IT_STATS_MAX)
        return -1;
    s->t[s->n] = time;
    s->len[0][s->n] = l1;
    s->len[1][s->n] = l2;
    s->n++;
    return 0;
}

void it_stats_moments(const it_stats *s, double *mean, double *var, double *sd)
{
    double m = 0.0, v = 0.0;
    unsigned i;
    for (i = 0; i < s->n; i++)
        m += s->t[i];
    if (s->n)
        m /= s->n;
    for (i = 0; i < s->n; i++)
        v += (s->t[i] - m) * (s->t[i] - m);
    if (s->n)
        v /= s->n;
    *mean = m;
    *var = v;
    *sd = sqrt(v);
}

int it_stats_linreg(const it_stats *s, int which, it_fit *f)
{
    const double *x = s->len[which != 0];
    double mx = 0.0, my = 0.0, sxx = 0.0, sxy = 0.0, syy = 0.0;
    unsigned i;
    if (s->n < 3)
        return -1;
    for (i = 0; i < s->n; i++) {
        mx += x[i];
        my += s->t[i];
    }
    mx /= s->n;
    my /= s->n;
    for (i = 0; i < s->n; i++) {
        double dx = x[i] - mx, dy = s->t[i] - my;
        sxx += dx * dx;
        sxy += dx * dy;
        syy += dy * dy;
    }
    if (sxx == 0.0)
        return -1;
    f->b = sxy / sxx;
    f->a = my - f->b * mx;
    /* every time equal: the line is exact */
    f->cc = syy == 0.0 ? 1.0 : sxy / sqrt(sxx * syy);
    return 0;
}

double it_fit_predict(const it_fit *f, double length)
{
    return f->a + f->b * length;
}

double it_trunc(double x, int digits)
{
    double p = pow(10.0, digits);
    /* the relative nudge keeps 0.29 * 100 from becoming 28 */
    double y = trunc(x * p * (1.0 + 1e-12));
    return y / p;
}
