export default function HowItWorksPage() {
  return <h1>HowItWorksPage</h1>;
}
