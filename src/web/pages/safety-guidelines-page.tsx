export default function SafetyGuidelinesPage() {
  return <h1>SafetyGuidelinesPage</h1>;
}
