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
export const ActionAndLink = ({ href, label }: { href: string; label: string }) => (
  <>
    <Action href={href} label={label} />
    <Paragraph>
      If the button does not work, open this link: <Link href={href}>{href}</Link>
    </Paragraph>
  </>
);

/**
 * Every email the product sends: the name at the top, one heading, the body,
 * and a footer saying why the email came. `preview` is the line inboxes show
 * beside the subject.
 */
export const EmailLayout = ({
  preview,
  heading,
  footer,
  children,
}: {
  preview: string;
  heading: string;
  footer: string;
  children: ReactNode;
}) => (
  <Html lang="en">
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
