/**
 * The widget's stylesheet. Every colour, size and font comes from a CSS custom property, so a
 * host's theme variables (set on the root) win; dark values apply for `mode: dark`, and for
 * `auto` when the reader's system prefers dark. Text colours meet WCAG AA contrast on their
 * backgrounds in both modes.
 */
const LIGHT = `--sid-color-primary:#1f4fd1;--sid-color-primary-hover:#173fa8;--sid-color-on-primary:#ffffff;--sid-color-background:#ffffff;--sid-color-surface:#f4f5f7;--sid-color-foreground:#1f2328;--sid-color-muted-foreground:#535b66;--sid-color-border:#8c959f;--sid-color-error:#b42318;--sid-color-success:#1a7f37;--sid-color-focus:#1f4fd1;`
const DARK = `--sid-color-primary:#8fb0ff;--sid-color-primary-hover:#b3caff;--sid-color-on-primary:#0b1020;--sid-color-background:#16181d;--sid-color-surface:#23262d;--sid-color-foreground:#e8eaed;--sid-color-muted-foreground:#aab1bc;--sid-color-border:#6b7380;--sid-color-error:#ff9b91;--sid-color-success:#7ee2a0;--sid-color-focus:#8fb0ff;`

export const WIDGET_CSS = `
.sid-root{${LIGHT}--sid-font-family:"Inter",sans-serif;--sid-border-width:1px;--sid-border-radius:12px;--sid-button-border-radius:8px;--sid-input-border-radius:8px;--sid-logo-width:48px;color-scheme:light;font-family:var(--sid-font-family);color:var(--sid-color-foreground);line-height:1.45;font-size:16px}
.sid-root[data-theme=dark]{${DARK}color-scheme:dark}
@media (prefers-color-scheme:dark){.sid-root[data-theme=auto]{${DARK}color-scheme:dark}}
.sid-root *,.sid-root *::before,.sid-root *::after{box-sizing:border-box}
.sid-card{background:var(--sid-color-background);border:var(--sid-border-width) solid var(--sid-color-border);border-radius:var(--sid-border-radius);padding:32px 28px 20px;max-width:420px;margin:0 auto;display:flex;flex-direction:column;gap:16px}
.sid-screen{display:flex;flex-direction:column;gap:16px}
.sid-screen:focus{outline:none}
.sid-logo{width:var(--sid-logo-width);height:auto;align-self:center}
.sid-title{font-size:1.4rem;font-weight:650;margin:0;text-align:center}
.sid-subtitle{margin:0;text-align:center;color:var(--sid-color-muted-foreground)}
.sid-status{margin:0;display:flex;gap:8px;align-items:center;justify-content:center;color:var(--sid-color-muted-foreground)}
.sid-form{display:flex;flex-direction:column;gap:14px}
.sid-field{display:flex;flex-direction:column;gap:6px;position:relative}
.sid-label{font-weight:600;font-size:.9rem}
.sid-input-frame{display:flex;align-items:stretch;border:var(--sid-border-width) solid var(--sid-color-border);border-radius:var(--sid-input-border-radius);background:var(--sid-color-background)}
.sid-input-frame:focus-within{outline:2px solid var(--sid-color-focus);outline-offset:1px}
.sid-input-frame--invalid{border-color:var(--sid-color-error)}
.sid-input{flex:1;min-width:0;border:0;background:transparent;color:inherit;font:inherit;padding:10px 12px;outline:none}
.sid-input--readonly{font-family:ui-monospace,monospace;font-size:.85rem}
.sid-input-action{border:0;background:transparent;color:var(--sid-color-muted-foreground);padding:0 12px;cursor:pointer;display:flex;align-items:center}
.sid-input-action:focus-visible{outline:2px solid var(--sid-color-focus);outline-offset:-2px}
.sid-field-error{margin:0;color:var(--sid-color-error);font-size:.9rem;display:flex;gap:6px;align-items:center}
.sid-button{display:inline-flex;align-items:center;justify-content:center;gap:8px;font:inherit;font-weight:600;padding:10px 16px;border-radius:var(--sid-button-border-radius);border:var(--sid-border-width) solid transparent;cursor:pointer;text-decoration:none;width:100%}
.sid-button:focus-visible{outline:2px solid var(--sid-color-focus);outline-offset:2px}
.sid-button:disabled{opacity:.6;cursor:not-allowed}
.sid-button--primary{background:var(--sid-color-primary);color:var(--sid-color-on-primary)}
.sid-button--primary:hover:not(:disabled){background:var(--sid-color-primary-hover)}
.sid-button--secondary{background:var(--sid-color-background);color:var(--sid-color-foreground);border-color:var(--sid-color-border)}
.sid-button--neutral{background:var(--sid-color-surface);color:var(--sid-color-foreground)}
.sid-button--ghost{background:transparent;color:var(--sid-color-foreground)}
.sid-button--link{background:transparent;color:var(--sid-color-primary);padding:4px;width:auto;text-decoration:underline;align-self:center}
.sid-button--back{background:transparent;color:var(--sid-color-foreground);padding:4px;width:auto;align-self:flex-start}
.sid-spinner{width:16px;height:16px;border:2px solid currentColor;border-right-color:transparent;border-radius:50%;animation:sid-spin .8s linear infinite;display:inline-block}
@keyframes sid-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.sid-spinner{animation-duration:2.4s}}
.sid-divider{display:flex;align-items:center;gap:12px;color:var(--sid-color-muted-foreground)}
.sid-divider::before,.sid-divider::after{content:"";flex:1;border-top:var(--sid-border-width) solid var(--sid-color-border)}
.sid-tab-list{display:flex;gap:4px;background:var(--sid-color-surface);border-radius:var(--sid-button-border-radius);padding:4px}
.sid-tab{flex:1;border:0;background:transparent;color:var(--sid-color-foreground);font:inherit;padding:6px;border-radius:6px;cursor:pointer}
.sid-tab[aria-selected=true]{background:var(--sid-color-background);font-weight:600}
.sid-tab:focus-visible{outline:2px solid var(--sid-color-focus)}
.sid-tab-panel{padding-top:12px;display:flex;flex-direction:column;gap:14px}
.sid-dropdown{position:relative;display:flex;flex-direction:column;gap:6px}
.sid-dropdown-control{display:flex;align-items:center;justify-content:space-between;gap:8px;font:inherit;color:inherit;background:var(--sid-color-background);border:var(--sid-border-width) solid var(--sid-color-border);border-radius:var(--sid-input-border-radius);padding:10px 12px;cursor:pointer;text-align:left}
.sid-input-frame .sid-dropdown-control{border:0;border-right:var(--sid-border-width) solid var(--sid-color-border);border-radius:var(--sid-input-border-radius) 0 0 var(--sid-input-border-radius);height:100%}
.sid-dropdown-control:focus-visible{outline:2px solid var(--sid-color-focus);outline-offset:1px}
.sid-placeholder{color:var(--sid-color-muted-foreground)}
.sid-dropdown-list{position:absolute;top:100%;left:0;z-index:10;margin:4px 0 0;padding:4px;list-style:none;min-width:100%;width:max-content;max-width:320px;max-height:260px;overflow:auto;background:var(--sid-color-background);border:var(--sid-border-width) solid var(--sid-color-border);border-radius:var(--sid-input-border-radius);box-shadow:0 8px 24px rgba(0,0,0,.18)}
.sid-option{display:flex;gap:8px;align-items:center;padding:6px 8px;border-radius:6px;cursor:pointer}
.sid-option--active{background:var(--sid-color-surface)}
.sid-option[aria-selected=true]{font-weight:600}
.sid-dial-code{color:var(--sid-color-muted-foreground)}
.sid-dropdown-control .sid-dial-code{color:inherit}
.sid-otp{display:flex;gap:8px;justify-content:center}
.sid-otp-box{width:44px;height:52px;text-align:center;font:inherit;font-size:1.3rem;color:inherit;background:var(--sid-color-background);border:var(--sid-border-width) solid var(--sid-color-border);border-radius:var(--sid-input-border-radius)}
.sid-otp-box:focus{outline:2px solid var(--sid-color-focus);outline-offset:1px}
.sid-otp-box--invalid{border-color:var(--sid-color-error)}
.sid-accordion-item{border-bottom:var(--sid-border-width) solid var(--sid-color-border)}
.sid-accordion-heading{margin:0;font-size:1rem}
.sid-accordion-button{width:100%;display:flex;justify-content:space-between;align-items:center;border:0;background:transparent;color:inherit;font:inherit;font-weight:600;padding:10px 0;cursor:pointer}
.sid-accordion-button:focus-visible{outline:2px solid var(--sid-color-focus)}
.sid-accordion-region{padding:0 0 12px}
.sid-rotated{transform:rotate(180deg)}
.sid-qr{align-self:center;width:180px;height:180px;image-rendering:pixelated;background:#fff;padding:8px;border-radius:8px}
.sid-codes{margin:0;padding:12px;display:grid;grid-template-columns:1fr 1fr;gap:6px 16px;list-style:none;font-family:ui-monospace,monospace;background:var(--sid-color-surface);border-radius:8px}
.sid-checkbox{display:flex;gap:8px;align-items:center}
.sid-checkbox input{width:18px;height:18px;accent-color:var(--sid-color-primary)}
.sid-screen-icon{align-self:center;color:var(--sid-color-primary)}
.sid-screen-icon--error{color:var(--sid-color-error)}
.sid-screen-icon--waiting{color:var(--sid-color-muted-foreground)}
.sid-screen-icon--success{color:var(--sid-color-success)}
.sid-sso-logo{width:20px;height:20px}
.sid-prompt{margin:0;text-align:center;color:var(--sid-color-muted-foreground);display:flex;flex-direction:column;align-items:center;gap:2px}
.sid-banner{margin:0;text-align:center;font-size:.8rem;color:var(--sid-color-muted-foreground)}
.sid-dialog{position:fixed;inset:auto 16px 16px 16px;max-width:520px;margin:0 auto;z-index:1000;box-shadow:0 12px 40px rgba(0,0,0,.25)}
.sid-actions{display:flex;flex-direction:column;gap:8px}
.sid-visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
`
