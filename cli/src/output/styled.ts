import { Box, renderToString, Text } from 'ink';
import { createElement as h } from 'react';

/** Ink rendering of laid-out lines for a terminal: the header bold, its rule dimmed. */
export const renderStyled = (lines: readonly string[], headerLines: number, columns: number): string => {
  const view = h(
    Box,
    { flexDirection: 'column' },
    ...lines.map((line, i) =>
      h(
        Text,
        { key: i, bold: i === 0 && headerLines > 0, dimColor: i === 1 && headerLines > 1, wrap: 'truncate' },
        line,
      ),
    ),
  );
  return `${renderToString(view, { columns })}\n`;
};
