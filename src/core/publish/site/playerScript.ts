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
  var cc = byId('cc'), caption = byId('caption'), captionText = byId('caption-text');
  var tip = byId('tip'), chapterNow = byId('chapter-now');
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
      if (captionText.textContent !== text) captionText.textContent = text;
      // The box stays between cues (its height is fixed): the player never moves under the pointer.
      caption.hidden = false;
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
    // A timeline item's tip goes under the whole timeline, clear of the bands, markers and seek bar.
    var timeline = el.closest('.timeline');
    var below = timeline ? timeline.getBoundingClientRect().bottom : box.bottom;
    tip.style.left = left + window.scrollX + 'px';
    tip.style.top = below + window.scrollY + 8 + 'px';
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
    // One stop in the tab order for each row of the timeline and for the chart: the arrows move along it.
    var row = el && el.closest('[data-roving]');
    if (row) items(row).forEach(function (c) { c.tabIndex = c === el ? 0 : -1; });
  });
  function items(row) { return Array.prototype.slice.call(row.querySelectorAll('[data-t][tabindex]')); }
  // The arrows inside a roving row: along it, and in the chart up and down the dimensions of a chapter.
  function rove(row, target, key) {
    var list = items(row), i = list.indexOf(target), next = null;
    if (key === 'Home') next = list[0];
    else if (key === 'End') next = list[list.length - 1];
    else if (key === 'ArrowLeft' || key === 'ArrowRight') next = list[i + (key === 'ArrowLeft' ? -1 : 1)];
    else if (target.hasAttribute('data-col')) {
      var col = list.filter(function (c) { return c.getAttribute('data-col') === target.getAttribute('data-col'); });
      next = col[col.indexOf(target) + (key === 'ArrowUp' ? -1 : 1)];
    } else return false;
    if (next) next.focus();
    return true;
  }
  document.addEventListener('keydown', function (e) {
    var target = e.target;
    if (e.key === 'Escape') { hideTip(); return; }
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    // The seek bar moves 5 s, as the page says, not the browser's step of a range without one.
    if (target === seek && /^Arrow/.test(e.key)) {
      seekTo((media.currentTime || 0) + (e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? -5 : 5));
      e.preventDefault();
      return;
    }
    if (target.closest('input, textarea, select, [contenteditable]')) return;
    var row = target.hasAttribute('data-t') ? target.closest('[data-roving]') : null;
    if (row && /^(Arrow(Left|Right|Up|Down)|Home|End)$/.test(e.key) && rove(row, target, e.key)) {
      e.preventDefault();
      return;
    }
    // A time to play (a band, a marker, a chart point, a time in the lists): Enter plays from it, Space
    // plays and pauses as everywhere on the page (a button's own Space would start it again).
    if (e.key === 'Enter' && target.hasAttribute('data-t') && target.tagName !== 'BUTTON') {
      playFrom(Number(target.getAttribute('data-t')));
      e.preventDefault();
      return;
    }
    if (e.key === ' ' && (target.hasAttribute('data-t') || !target.closest('button, a, [role="button"]'))) { toggle(); e.preventDefault(); }
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
