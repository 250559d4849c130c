import { Box, Textarea, type TextareaProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { type CSSProperties, forwardRef, useLayoutEffect, useRef, useState } from 'react';

import { tokenSpans } from './template-placeholders';

const COPIED_STYLES = [
  'paddingTop',
  'paddingRight',
  'paddingBottom',
  'paddingLeft',
  'fontFamily',
  'fontSize',
  'fontWeight',
  'lineHeight',
  'letterSpacing',
] as const;

/** The text area's content box within its wrapper, and the text's metrics, for a layer drawn exactly behind its text. */
function overlayBox(wrapper: HTMLElement, area: HTMLTextAreaElement): CSSProperties {
  const style = getComputedStyle(area);
  const outer = wrapper.getBoundingClientRect();
  const inner = area.getBoundingClientRect();
  return {
    top: inner.top - outer.top + area.clientTop,
    left: inner.left - outer.left + area.clientLeft,
    width: area.clientWidth,
    height: area.clientHeight,
    ...Object.fromEntries(COPIED_STYLES.map((name) => [name, style[name]])),
  };
}

/**
 * The template's text area, its placeholder tokens («[Оценка]») drawn as chips: a layer behind the text, of the same
 * size and font, colours the tokens' background.
 */
export const TemplateTextArea = forwardRef<HTMLTextAreaElement, TextareaProps & { value: string }>(
  function TemplateTextArea(props, forwarded) {
    const wrapper = useRef<HTMLDivElement>(null);
    const area = useRef<HTMLTextAreaElement>(null);
    const ref = useMergedRef(area, forwarded);
    const [box, setBox] = useState<CSSProperties | null>(null);
    useLayoutEffect(() => {
      const measure = () => wrapper.current && area.current && setBox(overlayBox(wrapper.current, area.current));
      measure();
      const observer = new ResizeObserver(measure);
      if (area.current) observer.observe(area.current);
      return () => observer.disconnect();
    }, [props.value]);

    return (
      <Box pos="relative" ref={wrapper}>
        {box && (
          <Box
            aria-hidden
            data-testid="template-tokens"
            pos="absolute"
            style={{
              ...box,
              zIndex: 0,
              pointerEvents: 'none',
              color: 'transparent',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'break-word',
              overflow: 'hidden',
            }}
          >
            {tokenSpans(props.value).map((span, index) =>
              span.token ? (
                <span
                  key={index}
                  data-token
                  style={{
                    background: 'var(--mantine-color-blue-light)',
                    borderRadius: 'var(--mantine-radius-sm)',
                    boxShadow: '0 0 0 1px var(--mantine-color-blue-outline)',
                  }}
                >
                  {span.text}
                </span>
              ) : (
                span.text
              ),
            )}
          </Box>
        )}
        {/* Over the layer, its background clear, so that the chips show behind the text. */}
        <Textarea ref={ref} {...props} styles={{ input: { background: 'transparent', position: 'relative', zIndex: 1 } }} />
      </Box>
    );
  },
);
