export default function TermsOfServicePage() {
  return <h1>TermsOfServicePage</h1>;
}
