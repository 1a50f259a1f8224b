import { createHash } from 'node:crypto'

/**
 * The published page's only script: the player's controls, the timeline's tooltips and jumps, the
 * captions and the keys. Plain ES2019 with no dependency, so the page runs as it is from disk or from
 * any host; the page's CSP admits it by its hash and nothing else. The timeline, bands and marks are in
 * the markup, drawn before this runs: the script only answers the reader.
 */
export const PLAYER_SCRIPT = `(function () {
  'use strict';
  var byId = function (id) { return document.getElementById(id); };
  var data = JSON.parse(byId('site-data').textContent);
  var media = byId('media'), play = byId('play'), clock = byId('clock'), seek = byId('seek');
  var cc = byId('cc'), caption = byId('caption'), tip = byId('tip'), chapterNow = byId('chapter-now');
  var progress = byId('progress');
  var cues = data.cues, chapters = data.chapters, duration = data.duration;
  var dragging = false;
  function two(n) { return (n < 10 ? '0' : '') + n; }
  function fmt(t) {
    t = Math.max(0, Math.floor(t));
    var h = Math.floor(t / 3600), m = Math.floor((t % 3600) / 60), s = t % 60;
    return h ? h + ':' + two(m) + ':' + two(s) : m + ':' + two(s);
  }
  var total = fmt(duration);
  // The last item starting at or before t (items in time order), if t is before its end.
  function at(list, t) {
    var lo = 0, hi = list.length - 1, found = -1;
    while (lo <= hi) {
      var mid = (lo + hi) >> 1;
      if (list[mid][0] <= t) { found = mid; lo = mid + 1; } else hi = mid - 1;
    }
    return found >= 0 && t < list[found][1] ? list[found] : null;
  }
  function render() {
    var t = media.currentTime || 0;
    clock.textContent = fmt(t) + ' / ' + total;
    if (!dragging) seek.value = String(t);
    seek.setAttribute('aria-valuetext', fmt(t) + ' of ' + total);
    progress.style.width = Math.min(100, (t / duration) * 100) + '%';
    play.textContent = media.paused ? '\\u25B6' : '\\u275A\\u275A';
    play.setAttribute('aria-label', media.paused ? 'Play' : 'Pause');
    var chapter = at(chapters, t);
    var name = chapter ? chapter[2] : '';
    if (chapterNow.textContent !== name) chapterNow.textContent = name;
    if (cc && cc.getAttribute('aria-pressed') === 'true') {
      var cue = at(cues, t);
      var text = cue ? (cue[2] ? cue[2] + ': ' : '') + cue[3] : '';
      if (caption.textContent !== text) caption.textContent = text;
      caption.hidden = text === '';
    } else caption.hidden = true;
  }
  function playFrom(t) {
    media.currentTime = Math.max(0, Math.min(duration, t));
    var started = media.play();
    if (started && started.catch) started.catch(function () {});
    render();
  }
  function seekTo(t) {
    media.currentTime = Math.max(0, Math.min(duration, t));
    render();
  }
  function toggle() {
    if (media.paused) playFrom(media.currentTime);
    else media.pause();
  }
  function hideTip() {
    tip.hidden = true;
    var owner = document.querySelector('[aria-describedby="tip"]');
    if (owner) owner.removeAttribute('aria-describedby');
  }
  function showTip(el) {
    hideTip();
    tip.textContent = el.getAttribute('data-tip');
    tip.hidden = false;
    el.setAttribute('aria-describedby', 'tip');
    var box = el.getBoundingClientRect();
    var width = tip.offsetWidth;
    var left = Math.max(8, Math.min(document.documentElement.clientWidth - width - 8, box.left + box.width / 2 - width / 2));
    tip.style.left = left + window.scrollX + 'px';
    tip.style.top = box.bottom + window.scrollY + 8 + 'px';
  }
  ['play', 'pause', 'timeupdate', 'seeked', 'loadedmetadata', 'ended'].forEach(function (type) {
    media.addEventListener(type, render);
  });
  play.addEventListener('click', toggle);
  seek.addEventListener('input', function () { dragging = true; seekTo(Number(seek.value)); });
  seek.addEventListener('change', function () { dragging = false; render(); });
  if (cc) cc.addEventListener('click', function () {
    cc.setAttribute('aria-pressed', cc.getAttribute('aria-pressed') === 'true' ? 'false' : 'true');
    render();
  });
  document.addEventListener('click', function (e) {
    var target = e.target.closest('[data-t]');
    if (target) { playFrom(Number(target.getAttribute('data-t'))); return; }
    var lane = e.target.closest('.lane');
    if (lane) {
      var box = lane.getBoundingClientRect();
      playFrom(((e.clientX - box.left) / box.width) * duration);
    }
  });
  document.addEventListener('mouseover', function (e) {
    var el = e.target.closest('[data-tip]');
    if (el) showTip(el);
    else if (!tip.hidden && !e.target.closest('#tip') && document.activeElement.getAttribute('aria-describedby') !== 'tip') hideTip();
  });
  document.addEventListener('focusin', function (e) {
    var el = e.target.closest('[data-tip]');
    if (el) showTip(el); else hideTip();
    // One stop in the tab order for each row of the timeline: the arrows move along it.
    var row = el && el.parentElement;
    if (row && row.getAttribute('data-roving') !== null) {
      Array.prototype.forEach.call(row.children, function (c) { c.tabIndex = c === el ? 0 : -1; });
    }
  });
  document.addEventListener('keydown', function (e) {
    var target = e.target;
    if (e.key === 'Escape') { hideTip(); return; }
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (target.closest('input, textarea, select, [contenteditable]')) return;
    var row = target.parentElement && target.parentElement.getAttribute('data-roving') !== null ? target.parentElement : null;
    if (row && (e.key === 'ArrowLeft' || e.key === 'ArrowRight' || e.key === 'Home' || e.key === 'End')) {
      var items = Array.prototype.slice.call(row.children);
      var i = items.indexOf(target);
      var next = e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : i + (e.key === 'ArrowLeft' ? -1 : 1);
      if (items[next]) items[next].focus();
      e.preventDefault();
      return;
    }
    if (e.key === ' ' && !target.closest('button, a, [role="button"]')) { toggle(); e.preventDefault(); }
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      if (target.closest('button, a, [role="button"]') && target !== play) return;
      seekTo((media.currentTime || 0) + (e.key === 'ArrowLeft' ? -5 : 5));
      e.preventDefault();
    }
  });
  render();
})();
`

/** The CSP source that admits {@link PLAYER_SCRIPT} and no other script. */
export const PLAYER_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(PLAYER_SCRIPT).digest('base64')}'`
