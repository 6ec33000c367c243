/*
 * Starts the web app on a first screen the server rendered (web/src/ssr/first-screen.tsx): once the
 * server's markup has been painted, not before, so the page shows while the app's code downloads
 * and runs. Its data attributes name the app's entry and the chunks to fetch beside it.
 */
(function () {
  var boot = document.currentScript;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    (boot.getAttribute('data-preload') || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = boot.getAttribute('data-entry');
    document.head.appendChild(script);
  }
  // the next frame's callback runs before it is painted; the task after it, once it has been.
  // A tab opened in the background paints no frame: the timer starts the app there.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
