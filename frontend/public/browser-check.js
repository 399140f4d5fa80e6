/*
 * Runs before the app as a plain ES5 script, so that a browser too old for the app (old Internet Explorer
 * first of all) still runs it and shows a warning recommending a newer browser instead of a blank page.
 * The app itself (src/main.tsx) does not start when this found something missing.
 */
(function (window, document) {
  'use strict';

  /** What the built app needs, as named checks of the browser's window. */
  var CHECKS = [
    ['Internet Explorer', function (win) { return !('documentMode' in win.document); }],
    ['JavaScript modules', function (win) { return 'noModule' in win.document.createElement('script'); }],
    ['Promise', function (win) { return typeof win.Promise === 'function' && typeof win.Promise.allSettled === 'function'; }],
    ['fetch', function (win) { return typeof win.fetch === 'function'; }],
    ['Proxy', function (win) { return typeof win.Proxy === 'function'; }],
    ['ResizeObserver', function (win) { return typeof win.ResizeObserver === 'function'; }],
    ['Array.prototype.at', function (win) { return typeof win.Array.prototype.at === 'function'; }],
    ['Object.hasOwn', function (win) { return typeof win.Object.hasOwn === 'function'; }],
    ['structuredClone', function (win) { return typeof win.structuredClone === 'function'; }],
    ['CSS variables', function (win) { return !!(win.CSS && win.CSS.supports && win.CSS.supports('--a', '0')); }],
  ];

  function missingFeatures(win) {
    var missing = [];
    for (var i = 0; i < CHECKS.length; i++) {
      var passed = false;
      try {
        passed = CHECKS[i][1](win);
      } catch (e) {
        passed = false;
      }
      if (!passed) missing.push(CHECKS[i][0]);
    }
    return missing;
  }

  var TEXT = {
    zh: {
      title: '您的浏览器版本过低',
      body: '本系统无法在当前浏览器中运行，请升级或改用最新版的 Chrome、Edge 或 Firefox 浏览器后再访问。',
    },
    en: {
      title: 'Your browser is too old',
      body: 'This system cannot run in this browser. Please upgrade to, or switch to, the latest Chrome, Edge or Firefox and open it again.',
    },
  };

  function storedLanguage(win) {
    try {
      return win.localStorage.getItem('language') === 'en' ? 'en' : 'zh';
    } catch (e) {
      return 'zh';
    }
  }

  function showWarning(win, doc, missing) {
    var text = TEXT[storedLanguage(win)];
    var box = doc.createElement('div');
    box.id = 'browser-warning';
    box.setAttribute('role', 'alert');
    box.style.cssText = 'max-width:560px;margin:80px auto;padding:24px 32px;border:1px solid #ffe58f;background:#fffbe6;font:14px/1.7 sans-serif;color:#333';
    var title = doc.createElement('h2');
    title.style.cssText = 'margin:0 0 8px;font-size:18px';
    title.appendChild(doc.createTextNode(text.title));
    var body = doc.createElement('p');
    body.style.cssText = 'margin:0 0 8px';
    body.appendChild(doc.createTextNode(text.body));
    var detail = doc.createElement('p');
    detail.style.cssText = 'margin:0;color:#999;font-size:12px';
    detail.appendChild(doc.createTextNode(missing.join(', ')));
    box.appendChild(title);
    box.appendChild(body);
    box.appendChild(detail);
    doc.body.appendChild(box);
  }

  var missing = missingFeatures(window);
  if (missing.length) showWarning(window, document, missing);
})(window, document);
