// The dashboard's one stylesheet, inlined by the layout under the CSP nonce (no file to fetch).
export const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1d2330;background:#f5f6f8}
header{background:#1d2330;color:#fff;padding:.75rem 1rem;display:flex;flex-wrap:wrap;gap:.75rem 1.25rem;align-items:center}
header a,header button{color:#fff;text-decoration:none;font:inherit;background:none;border:0;padding:0;cursor:pointer}
header strong{margin-right:auto}.nav{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem}header form,header button{margin:0}
main{max-width:52rem;margin:0 auto;padding:1rem;overflow-wrap:break-word}code{overflow-wrap:anywhere}
section{background:#fff;border:1px solid #dde1e8;border-radius:8px;padding:1rem;margin:0 0 1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}h2{font-size:1.15rem;margin:0 0 .75rem}
label{display:block;font-weight:600;margin:.5rem 0 .25rem}
input,select{font:inherit;padding:.5rem;border:1px solid #b8bfcc;border-radius:6px;width:100%;max-width:24rem}
button,.button{font:inherit;padding:.5rem .9rem;border-radius:6px;border:1px solid #2456d8;background:#2456d8;color:#fff;cursor:pointer;margin-top:.5rem}
button.secondary,.button.secondary{background:#fff;color:#2456d8}.button{display:inline-block;text-decoration:none}button.danger{background:#b3261e;border-color:#b3261e}
.error{background:#fde8e7;border:1px solid #f2b8b5;color:#8c1d18;padding:.75rem;border-radius:6px}
.notice{background:#e7f5ea;border:1px solid #a8d5b2;padding:.75rem;border-radius:6px}
.warning{color:#8a5300;font-weight:600}
.stats{display:grid;grid-template-columns:repeat(auto-fit,minmax(11rem,1fr));gap:.75rem}
.stat{border:1px solid #dde1e8;border-radius:6px;padding:.75rem}.stat b{display:block;font-size:1.4rem}
code.secret{display:block;word-break:break-all;background:#f0f2f5;padding:.5rem;border-radius:6px;font-size:.95rem}
.key{border-top:1px solid #dde1e8;padding:.75rem 0}.key:first-of-type{border-top:0}
.actions{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-end}.actions form{margin:0}
svg{max-width:100%;height:auto}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible,summary:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
header a[aria-current=page]{text-decoration:underline;text-underline-offset:4px}
textarea{font:inherit;padding:.5rem;border:1px solid #b8bfcc;border-radius:6px;width:100%}
fieldset{border:1px solid #dde1e8;border-radius:6px;margin:.5rem 0;padding:.5rem .75rem}legend{font-weight:600}
.check{display:inline-flex;gap:.35rem;align-items:center;font-weight:400;margin:.25rem 1rem .25rem 0}.check input{width:auto}
.help{color:#4a5263;font-size:.9rem;margin:.15rem 0 .25rem}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:0 1rem}
pre{background:#f0f2f5;padding:.75rem;border-radius:6px;overflow:auto;max-height:32rem;font-size:.85rem;white-space:pre-wrap;word-break:break-word}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #dde1e8;vertical-align:top}
.table{overflow-x:auto}
.item{border-top:1px solid #dde1e8;padding:.75rem 0}.item:first-of-type{border-top:0}
.thumbs{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0}.thumbs img{width:96px;height:96px;object-fit:contain;border:1px solid #dde1e8;border-radius:6px;background:#fff}
.thumbs li{width:96px;font-size:.75rem}
.status-2xx{color:#1b6e2e}.status-4xx{color:#8a5300}.status-5xx{color:#b3261e}
progress{display:block;width:100%;max-width:32rem;height:1rem;margin:.25rem 0}
.job-counts{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;margin:.5rem 0}.job-counts div{display:flex;gap:.35rem}.job-counts dt{font-weight:600}.job-counts dd{margin:0}
.legend{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;padding:0;font-size:.9rem}.swatch{display:inline-block;width:.9rem;height:.9rem;border-radius:2px;margin-right:.35rem;vertical-align:-2px}
.tabs{display:flex;flex-wrap:wrap;gap:.5rem 1rem;margin:.25rem 0 .75rem}.tabs a[aria-current]{font-weight:600;text-decoration:none;border-bottom:3px solid #2456d8}
details pre{margin:.25rem 0}summary{cursor:pointer}
@media (max-width:40rem){table.stack,table.stack tbody,table.stack tr,table.stack td{display:block}table.stack thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
table.stack tr{border-bottom:1px solid #b8bfcc;padding:.5rem 0}table.stack td{border:0;padding:.2rem 0}table.stack td[data-label]::before{content:attr(data-label);display:block;font-weight:600;font-size:.8rem;color:#4a5263}}
`;
