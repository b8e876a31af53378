import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';
import { translatorFor } from '../i18n/catalogues.ts';
import type { Locale } from '../i18n/locales.ts';
import { richNodes } from '../i18n/rich.tsx';

/** The site's colours (core/src/ui/global.css), written out: email clients take inline styles only. */
const COLOURS = { primary: '#1d4ed8', text: '#111827', muted: '#4b5563', page: '#f3f4f6' };

const styles = {
  body: { backgroundColor: COLOURS.page, fontFamily: 'Arial, Helvetica, sans-serif', margin: 0 },
  container: {
    backgroundColor: '#ffffff',
    borderRadius: '8px',
    margin: '24px auto',
    maxWidth: '520px',
    padding: '24px 32px',
  },
  logo: { color: COLOURS.primary, fontSize: '20px', fontWeight: 700, margin: '0 0 16px' },
  heading: { color: COLOURS.text, fontSize: '22px', margin: '0 0 12px' },
  text: { color: COLOURS.text, fontSize: '15px', lineHeight: '22px' },
  button: {
    backgroundColor: COLOURS.primary,
    borderRadius: '6px',
    color: '#ffffff',
    fontSize: '15px',
    fontWeight: 600,
    padding: '12px 20px',
    textDecoration: 'none',
  },
  footer: { color: COLOURS.muted, fontSize: '12px', lineHeight: '18px' },
};

/** A paragraph in the layout's type. */
export const Paragraph = ({ children }: { children: ReactNode }) => (
  <Text style={styles.text}>{children}</Text>
);

/** The one call to action of an email; its address is written out too, for the plain-text part. */
export const Action = ({ href, label }: { href: string; label: string }) => (
  <Section style={{ margin: '24px 0' }}>
    <Button href={href} style={styles.button}>
      {label}
    </Button>
  </Section>
);

/** An Action whose link is written out too, for mail clients that drop the button. */
export const ActionAndLink = ({
  href,
  label,
  locale,
}: {
  href: string;
  label: string;
  locale: Locale;
}) => (
  <>
    <Action href={href} label={label} />
    <Paragraph>
      {richNodes(
        translatorFor(locale).rich<ReactNode>('email.common.linkFallback', {
          href,
          link: (chunks) => <Link href={href}>{chunks}</Link>,
        }),
      )}
    </Paragraph>
  </>
);

/** 'Hello {name},': how every email begins. */
export const Greeting = ({ name, locale }: { name: string; locale: Locale }) => (
  <Paragraph>{translatorFor(locale).t('email.common.hello', { name })}</Paragraph>
);

/**
 * Every email the product sends, in the recipient's language: the name at the
 * top, one heading, the body, and a footer saying why the email came. `preview` is the line inboxes show
 * beside the subject.
 */
export const EmailLayout = ({
  locale,
  preview,
  heading,
  footer,
  children,
}: {
  locale: Locale;
  preview: string;
  heading: string;
  footer: string;
  children: ReactNode;
}) => (
  <Html lang={locale}>
    <Head />
    <Preview>{preview}</Preview>
    <Body style={styles.body}>
      <Container style={styles.container}>
        <Text style={styles.logo}>⌂ Rentals</Text>
        <Heading as="h1" style={styles.heading}>
          {heading}
        </Heading>
        {children}
        <Hr />
        <Text style={styles.footer}>{footer}</Text>
      </Container>
    </Body>
  </Html>
);
