// Print views: the "Print" button opens the browser's print dialog.
document.querySelectorAll('button.print-now').forEach((b) => {
  b.addEventListener('click', () => window.print());
});
