/**
 * An operator's legal text as elements (never as HTML): paragraphs separated by blank lines,
 * "## " headings and "- " list items, the simple format `ops legal publish` takes.
 */
export type LegalBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'paragraph'; text: string };

export function parseLegalBody(body: string): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  for (const chunk of body.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
      paragraph = [];
    };
    for (const line of lines) {
      if (line.startsWith('## ')) {
        flush();
        blocks.push({ kind: 'heading', text: line.slice(3).trim() });
      } else if (line.startsWith('- ')) {
        flush();
        const last = blocks[blocks.length - 1];
        if (last?.kind === 'list') last.items.push(line.slice(2).trim());
        else blocks.push({ kind: 'list', items: [line.slice(2).trim()] });
      } else paragraph.push(line);
    }
    flush();
  }
  return blocks;
}

export function LegalText({ body }: { body: string }) {
  return (
    <>
      {parseLegalBody(body).map((b, i) =>
        b.kind === 'heading' ? (
          <h2 key={i}>{b.text}</h2>
        ) : b.kind === 'list' ? (
          <ul key={i}>
            {b.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={i}>{b.text}</p>
        ),
      )}
    </>
  );
}
