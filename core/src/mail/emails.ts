/**
 * Every email the product sends, one function per template: props in, a
 * subject with its HTML and plain-text parts out (`EmailContent`, render.ts); send it
 * with `mailer.send({ to, ...content })`. A template is a React Email
 * component in templates/, framed by layout.tsx.
 */
export { passwordResetEmail } from './templates/passwordReset.tsx';
export { emailVerificationEmail } from './templates/emailVerification.tsx';
export { newMessageEmail } from './templates/newMessage.tsx';
export { reviewDecisionEmail, type ReviewDecisionKind } from './templates/reviewDecision.tsx';
export { savedSearchAlertEmail } from './templates/savedSearchAlert.tsx';
export { expiryReminderEmail } from './templates/expiryReminder.tsx';
export { visitEmail, type VisitEmailKind } from './templates/visit.tsx';
