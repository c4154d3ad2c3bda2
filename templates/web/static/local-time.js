// Shows every deadline in the reader's own time zone (the page says it in UTC without
// JavaScript).
document.querySelectorAll("time.local[datetime]").forEach(function (el) {
  var at = new Date(el.getAttribute("datetime"));
  if (isNaN(at.getTime())) { return; }
  el.title = el.textContent;
  el.textContent = at.toLocaleString(undefined, {
    weekday: "short", day: "numeric", month: "short", year: "numeric",
    hour: "2-digit", minute: "2-digit", timeZoneName: "short"
  });
});
