import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/**
 * What a message asks of its caller: the values it fills in and the tags it
 * marks up. Every language's message of one id must ask the same, or a
 * translation would drop a rent or show a raw `{name}`.
 */
export type MessageShape = { values: string[]; tags: string[] };

const walk = (
  elements: MessageFormatElement[],
  visit: (element: MessageFormatElement) => void,
): void => {
  for (const element of elements) {
    visit(element);
    if (element.type === TYPE.tag) walk(element.children, visit);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) walk(option.value, visit);
  }
};

export const parseMessage = (message: string) => parse(message);

export const messageShape = (message: string): MessageShape => {
  const values = new Set<string>();
  const tags = new Set<string>();
  walk(parse(message), (element) => {
    if (element.type === TYPE.tag) tags.add(element.value);
    else if (element.type !== TYPE.literal && element.type !== TYPE.pound)
      values.add(element.value);
  });
  return { values: [...values].sort(), tags: [...tags].sort() };
};

/** The words a reader sees: every literal part of the message, options and tags included. */
export const messageTexts = (message: string): string[] => {
  const texts: string[] = [];
  walk(parse(message), (element) => {
    if (element.type === TYPE.literal) texts.push(element.value);
  });
  return texts;
};
