/**
 * Escapes text for HTML text and attribute values exactly as React's server renderer does, so
 * markup written by hand (the document head, marks in cached markup, leak probes) matches what
 * React prints for the same value.
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;')
}
