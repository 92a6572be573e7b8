export default function EmailSetupGuidePage() {
  return <h1>EmailSetupGuidePage</h1>;
}
