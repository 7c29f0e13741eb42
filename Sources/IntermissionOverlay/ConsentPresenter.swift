import Dispatch
import IntermissionBasics
import IntermissionConsent
import IntermissionCore

/// Shows the consent form: as soon as the engine needs a decision and has its vendor list, and
/// whenever the game opens its privacy options. While the form shows, the game is held as
/// `consent`, the form takes all input and covers the view; a decision is written off the loop
/// (in the same frame on a fixed-step clock), and the game runs again only if nothing else holds
/// it (a player's own pause stays).
final class ConsentPresenter {
  private let bridge: ConsentBridge
  private let holds: AdHolds
  private let links: LinkOpener
  private let changes: ChangeCounter
  /// Whether decisions are written in the frame that makes them (a fixed-step run's determinism).
  private let waits: Bool
  /// The form's words, in the overlay's language.
  let strings: ConsentFormStrings
  /// The form on screen, if any.
  private(set) var form: ConsentForm?
  /// The privacy options were asked for, and open at the next update.
  private var optionsRequested = false
  /// A decision is being written on a worker: the form does not open again meanwhile.
  private let deciding = Locked(false)

  init(bridge: ConsentBridge, holds: AdHolds, links: LinkOpener, changes: ChangeCounter, language: String, waits: Bool)
  {
    self.bridge = bridge
    self.holds = holds
    self.links = links
    self.changes = changes
    self.waits = waits
    strings = ConsentFormStrings(language: language)
  }

  /// Opens the form when it is needed. Allocates nothing while no form is needed.
  func update() {
    let engine = bridge.engine
    if let form, !form.isDismissable, engine.status != .required {
      // Decided elsewhere (a reset's new start, or the game's own call): the form has no question.
      close()
    }
    guard form == nil, !deciding.withLock({ $0 }) else { return }
    if optionsRequested {
      optionsRequested = false
      if let usOptOuts = engine.usOptOuts {
        open(ConsentForm(usOptOuts: usOptOuts, configuration: engine.configuration, strings: strings))
      } else if let list = engine.vendorList {
        let inForce = ConsentChoices.inForce(engine)
        open(ConsentForm(list: list, configuration: engine.configuration, strings: strings, inForce: inForce))
      }
    } else if engine.status == .required, let list = engine.vendorList {
      open(ConsentForm(list: list, configuration: engine.configuration, strings: strings, inForce: nil))
    }
  }

  /// Asks for the privacy options at the next update.
  /// - Returns: false when there is nothing to choose: no engine decision yet, no vendor list to
  ///   explain, or a region without consent rules.
  func showPrivacyOptions() -> Bool {
    let engine = bridge.engine
    guard engine.status != .unknown else { return false }
    if engine.geography.hasUSOptOuts {
      guard engine.usOptOuts != nil else { return false }
    } else {
      guard engine.geography.asksBeforeAds, engine.vendorList != nil else { return false }
      engine.reopen()
    }
    optionsRequested = true
    changes.changed()
    return true
  }

  private func open(_ form: ConsentForm) {
    self.form = form
    holds.holdForConsent()
    bridge.engine.formShown()
    changes.changed()
  }

  /// Handles input while the form shows: all of it.
  /// - Returns: whether the form took the event.
  func handle(_ event: InputEvent, viewSize: Size, at time: Double) -> Bool {
    guard let form else { return false }
    let outcome = form.handle(event, viewSize: viewSize)
    changes.changed()
    let engine = bridge.engine
    switch outcome {
    case .none:
      break
    case .openLink(let url):
      links.open(url, at: time)
    case .decided(let choices):
      close()
      write { _ = engine.decide(choices) }
    case .optedOut(let optOuts):
      close()
      write { engine.setUSOptOuts(optOuts) }
    case .dismissed:
      close()
      engine.optionsClosed()
    }
    return true
  }

  /// Runs `work` (a decision written to the store) on a worker, or at once when the run waits.
  private func write(_ work: @escaping @Sendable () -> Void) {
    if waits {
      work()
      return
    }
    deciding.withLock { $0 = true }
    let deciding = deciding
    DispatchQueue.global().async {
      work()
      deciding.withLock { $0 = false }
    }
  }

  private func close() {
    form = nil
    holds.releaseConsent()
    changes.changed()
  }

  /// Draws the form, if one shows, over everything.
  func draw(on canvas: any Canvas) { form?.draw(on: canvas) }
}
