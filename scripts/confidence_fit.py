"""What scripts/fit-confidence and scripts/fit-slot-confidence share: the logistic fit and the AUC."""
import numpy as np


def fit_logistic(X, y, ridge=1e-2):
    """Logistic regression by Newton's method, the first column (bias) not penalised."""
    w = np.zeros(X.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-X @ w))
        g = X.T @ (p - y) + ridge * np.r_[0, w[1:]]
        H = (X * (p * (1 - p))[:, None]).T @ X + ridge * np.diag(np.r_[0, np.ones(len(w) - 1)])
        w -= np.linalg.solve(H, g)
    return w


def auc(p, y):
    """How often a right result is ranked above a wrong one (ties count half); nan without both."""
    pos, neg = p[y == 1], p[y == 0]
    if not len(pos) or not len(neg):
        return float("nan")
    return ((pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum()) / (len(pos) * len(neg))
