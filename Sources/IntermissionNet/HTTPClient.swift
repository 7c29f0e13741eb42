import CCurl
import IntermissionAds
import IntermissionBasics
import IntermissionCore

/// GET and POST requests over http and https through libcurl, with explicit limits: only the http
/// and https protocols, connect and total timeouts, a maximum body size that holds while the body
/// streams in, verified TLS certificates, redirects followed by the client itself under a
/// `RedirectPolicy`, and, unless the ad source is itself on one, no connection to a loopback,
/// link-local or private address, checked on the address a name resolves to.
///
/// A request made within an ad load (on a thread whose `LoadBudget.current` is set, as
/// `AdLoader`'s workers are) takes at most what is left of that load's budget, and stops within
/// about a second when the load is given up on.
///
/// Thread-safe: each request has its own easy handle. Nothing else in the program is global: the
/// library is initialised once, on first use.
package final class HTTPClient: Sendable {
  /// How long to wait for a connection and for a whole transfer.
  package struct Timeouts: Hashable, Sendable {
    /// Seconds to connect, TLS included (default 3).
    package var connect: Double
    /// Seconds for the whole transfer (default 10).
    package var total: Double

    /// Creates timeouts.
    package init(connect: Double = 3, total: Double = 10) {
      self.connect = connect
      self.total = total
    }
  }

  /// Which redirects a request follows.
  package enum RedirectPolicy: Hashable, Sendable {
    /// Only to the same origin (scheme, host, port) as the first URL: ad content.
    case sameOrigin
    /// To any http or https URL: tracking beacons.
    case anyWebURL
  }

  /// The most redirects followed for one request.
  package static let maximumRedirects = 3

  /// The timeouts of every request.
  package let timeouts: Timeouts
  /// Whether connections to loopback, link-local and private addresses are allowed.
  package let allowsPrivateAddresses: Bool
  /// The PEM file of certificate authorities trusted besides the system's, if any.
  package let caFile: String?
  /// Shared by the clients made with `restricted(allowsPrivateAddresses:)`: one `cancelAll()`
  /// stops them all.
  private let cancellation: Cancellation
  /// Closed while ad traffic waits for the player's consent: every request is then refused before
  /// anything is sent.
  package let gate: AdTrafficGate

  /// Creates a client.
  /// - Parameters:
  ///   - timeouts: connect and total timeouts.
  ///   - caFile: a PEM file of certificate authorities trusted besides the system's (`--ads-ca`).
  ///   - allowsPrivateAddresses: false refuses every connection to a loopback, link-local or
  ///     private address (for ads whose source is on a public address).
  ///   - gate: refuses every request while it is closed (the player's consent); always open by
  ///     default.
  package convenience init(
    timeouts: Timeouts = Timeouts(), caFile: String? = nil, allowsPrivateAddresses: Bool = true,
    gate: AdTrafficGate = .open
  ) {
    self.init(
      timeouts: timeouts, caFile: caFile, allowsPrivateAddresses: allowsPrivateAddresses, cancellation: Cancellation(),
      gate: gate)
  }

  private init(
    timeouts: Timeouts, caFile: String?, allowsPrivateAddresses: Bool, cancellation: Cancellation, gate: AdTrafficGate
  ) {
    self.timeouts = timeouts
    self.caFile = caFile
    self.allowsPrivateAddresses = allowsPrivateAddresses
    self.cancellation = cancellation
    self.gate = gate
  }

  /// This client with its timeouts and certificate authorities, allowing private addresses only if
  /// both it and `allowsPrivateAddresses` do; the two share their cancellation: this client's
  /// `cancelAll()` stops the other's transfers too (a quitting program waits for no ad's fetch).
  package func restricted(allowsPrivateAddresses: Bool) -> HTTPClient {
    HTTPClient(
      timeouts: timeouts, caFile: caFile, allowsPrivateAddresses: self.allowsPrivateAddresses && allowsPrivateAddresses,
      cancellation: cancellation, gate: gate)
  }

  /// Stops every transfer under way within about a second, and fails every later request: for a
  /// program that is quitting and must not wait for a slow server.
  package func cancelAll() { cancellation.cancel() }

  /// Whether libcurl could be loaded, or why not.
  private static func loadLibrary() -> String? {
    var error = [CChar](repeating: 0, count: 256)
    guard intermission_curl_load(&error, error.count) != 0 else { return nil }
    return "libcurl could not be loaded: "
      + String(nulTerminated: error)
  }

  /// Fetches `url` with GET, following redirects as `redirects` allows.
  /// - Parameters:
  ///   - url: an http or https URL.
  ///   - maximumBytes: the largest body accepted; the transfer stops as soon as it goes over.
  ///   - ifNoneMatch: an ETag to revalidate: the server may answer 304 with no body.
  ///   - redirects: which redirects to follow.
  ///   - inspect: judges the body's first bytes as they arrive; a refusal stops the transfer.
  /// - Returns: the final response (any status), or why there is none.
  package func get(
    _ url: String, maximumBytes: Int, ifNoneMatch: String? = nil, redirects: RedirectPolicy,
    inspect: (@Sendable ([UInt8]) -> ImageHeaderVerdict)? = nil
  ) -> Result<HTTPResponse, HTTPFailure> {
    followingRedirects(from: url, redirects: redirects) { hop in
      transfer(
        hop, maximumBytes: maximumBytes, headerLines: ifNoneMatch.map { ["If-None-Match: \($0)"] } ?? [],
        postBody: nil, inspect: inspect)
    }
  }

  /// Sends `body` to `url` with POST and `headers` (`Name: value` lines); follows no redirect.
  /// - Parameters:
  ///   - url: an http or https URL.
  ///   - body: the request's body.
  ///   - headers: header lines, such as `Content-Type: application/json`.
  ///   - maximumBytes: the largest response body accepted.
  ///   - timeout: seconds for the whole transfer, if shorter than the client's.
  /// - Returns: the response (any status), or why there is none.
  package func post(
    _ url: String, body: [UInt8], headers: [String], maximumBytes: Int, timeout: Double? = nil
  ) -> Result<HTTPResponse, HTTPFailure> {
    guard let target = WebURL(url) else { return .failure(.other("not an http or https URL: \(url)")) }
    for line in headers where line.contains(where: { $0 == "\r" || $0 == "\n" }) {
      return .failure(.other("a header line holds a line break: \(PrintableText.escaping(line, limit: 80))"))
    }
    return transfer(
      target, maximumBytes: maximumBytes, headerLines: headers, postBody: body, inspect: nil, timeout: timeout
    ).map { $0.0 }
  }

  /// One request, no redirect followed: the response and its redirect target, if any. libcurl is
  /// handed `url` as its URL API parsed it, and only if that is the URL that was checked. With a
  /// `file`, a successful response's body streams into it instead of the response.
  func transfer(
    _ url: WebURL, maximumBytes: Int, headerLines: [String], postBody: [UInt8]?,
    inspect: (@Sendable ([UInt8]) -> ImageHeaderVerdict)?, timeout: Double? = nil, file: IncomingBody? = nil
  ) -> Result<(HTTPResponse, String?), HTTPFailure> {
    if let reason = HTTPClient.loadLibrary() { return .failure(.other(reason)) }
    if cancellation.isCancelled { return .failure(.other("cancelled")) }
    if !gate.isOpen { return .failure(.other("ad traffic waits for the player's consent")) }
    let budget = LoadBudget.current
    if let budget, budget.isCancelled { return .failure(.other("cancelled: the ad load was given up on")) }
    let total = min(timeout ?? timeouts.total, timeouts.total, budget?.remaining ?? .infinity)
    if total <= 0 { return .failure(.timedOut("the ad load's time budget is spent")) }
    let parsed: CurlURL
    do {
      parsed = try CurlURL(url)
    } catch {
      return .failure(error)
    }
    guard let handle = intermission_curl_easy_init() else { return .failure(.other("curl_easy_init failed")) }
    defer { intermission_curl_easy_cleanup(handle) }
    let body = TransferBody(limit: maximumBytes, inspect: inspect, cancellation: cancellation, budget: budget)
    body.file = file
    let context = Unmanaged.passUnretained(body).toOpaque()
    var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    var headers: UnsafeMutablePointer<curl_slist>?
    defer { intermission_curl_slist_free_all(headers) }
    for line in headerLines { headers = intermission_curl_slist_append(headers, line) }
    // Where the socket guard notes a refused address: it must outlive the transfer.
    let refusedPrivate = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    refusedPrivate.initialize(to: 0)
    defer { refusedPrivate.deallocate() }

    let code: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { errors in
      var setup = [
        intermission_curl_set_pointer(handle, CURLOPT_CURLU, UnsafeMutableRawPointer(parsed.handle)),
        intermission_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
        intermission_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0),
        intermission_curl_set_long(handle, CURLOPT_NOSIGNAL, 1),
        intermission_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, max(1, Int(min(timeouts.connect, total) * 1000))),
        intermission_curl_set_long(handle, CURLOPT_TIMEOUT_MS, max(1, Int(total * 1000))),
        intermission_curl_set_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maximumBytes)),
        intermission_curl_set_long(handle, CURLOPT_SSL_VERIFYPEER, 1),
        intermission_curl_set_long(handle, CURLOPT_SSL_VERIFYHOST, 2),
        intermission_curl_set_string(handle, CURLOPT_USERAGENT, "Intermission/1"),
        intermission_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errors.baseAddress),
        intermission_curl_set_data_function(handle, CURLOPT_WRITEFUNCTION, transferBodyWrite),
        intermission_curl_set_pointer(handle, CURLOPT_WRITEDATA, context),
        intermission_curl_set_data_function(handle, CURLOPT_HEADERFUNCTION, transferHeaderLine),
        intermission_curl_set_pointer(handle, CURLOPT_HEADERDATA, context),
        intermission_curl_set_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headers)),
        intermission_curl_set_long(handle, CURLOPT_NOPROGRESS, 0),
        intermission_curl_set_progress_function(handle, transferProgress),
        intermission_curl_set_pointer(handle, CURLOPT_XFERINFODATA, context),
      ]
      if let postBody {
        // COPYPOSTFIELDS copies the body at once; its size is set first.
        setup.append(intermission_curl_set_long(handle, CURLOPT_POSTFIELDSIZE, postBody.count))
        setup.append(
          (postBody.isEmpty ? [0] : postBody).withUnsafeBytes {
            intermission_curl_set_pointer(
              handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: $0.baseAddress))
          })
      }
      if !allowsPrivateAddresses { setup.append(intermission_curl_refuse_private_addresses(handle, refusedPrivate)) }
      if let caFile {
        // The file is added to the system's authorities: OpenSSL reads both the file and the folder.
        setup.append(intermission_curl_set_string(handle, CURLOPT_CAINFO, caFile))
        setup.append(intermission_curl_set_string(handle, CURLOPT_CAPATH, "/etc/ssl/certs"))
      }
      if let failed = setup.first(where: { $0 != CURLE_OK }) { return failed }
      return withExtendedLifetime((body, parsed)) { intermission_curl_easy_perform(handle) }
    }
    let message = String(nulTerminated: errorBuffer)
    guard code == CURLE_OK else {
      if refusedPrivate.pointee != 0 {
        return .failure(.unreachable("\(url.host) resolves to a loopback, link-local or private address: refused"))
      }
      return .failure(HTTPClient.failure(code, message: message, body: body))
    }
    var status = 0
    _ = intermission_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
    var location: UnsafeMutablePointer<CChar>?
    _ = intermission_curl_get_string(handle, CURLINFO_REDIRECT_URL, &location)
    return .success(
      (
        HTTPResponse(status: status, body: body.bytes, etag: body.etag, url: url.description),
        location.map { String(cString: $0) }
      ))
  }

  private static func failure(_ code: CURLcode, message: String, body: TransferBody) -> HTTPFailure {
    let reason = message.isEmpty ? String(cString: intermission_curl_easy_strerror(code)) : message
    if code == CURLE_WRITE_ERROR, let refusal = body.refusal { return .refusedContent(refusal) }
    switch code {
    case CURLE_WRITE_ERROR where body.isOverLimit, CURLE_FILESIZE_EXCEEDED: return .tooLarge(limit: body.limit)
    case CURLE_OPERATION_TIMEDOUT: return .timedOut(reason)
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT, CURLE_GOT_NOTHING,
      CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE:
      return .unreachable(reason)
    case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM:
      return .certificate(reason)
    case CURLE_UNSUPPORTED_PROTOCOL: return .redirectRefused(reason)
    case CURLE_ABORTED_BY_CALLBACK: return .other("cancelled")
    default: return .other(reason)
    }
  }
}

/// The body of one transfer as it streams in, with its limit and its first bytes' inspection.
private final class TransferBody {
  let limit: Int
  let inspect: (@Sendable ([UInt8]) -> ImageHeaderVerdict)?
  var bytes: [UInt8] = []
  var isOverLimit = false
  var isInspected = false
  var isSuccessStatus = false
  var refusal: String?
  var etag: String?
  let cancellation: Cancellation
  /// The budget of the ad load the transfer is a step of, if any.
  let budget: LoadBudget?
  /// Where a successful response's body goes instead of `bytes`; any other body is dropped.
  var file: IncomingBody?
  /// The bytes of the body received so far.
  private var received = 0

  init(
    limit: Int, inspect: (@Sendable ([UInt8]) -> ImageHeaderVerdict)?, cancellation: Cancellation,
    budget: LoadBudget?
  ) {
    self.limit = limit
    self.inspect = inspect
    self.cancellation = cancellation
    self.budget = budget
    isInspected = inspect == nil
  }

  /// Whether the transfer must stop: every transfer cancelled, or its ad load given up on.
  var isCancelled: Bool { cancellation.isCancelled || budget?.isCancelled == true }

  /// Appends a chunk; false stops the transfer (over the limit, or refused).
  func append(_ chunk: UnsafeRawBufferPointer) -> Bool {
    guard received + chunk.count <= limit else {
      isOverLimit = true
      return false
    }
    received += chunk.count
    if let file {
      // Only the status of an error page or a redirect matters: its body is not kept.
      return isSuccessStatus ? file.write(chunk) : true
    }
    bytes.append(contentsOf: chunk)
    // Only a successful response's body is the image; an error page is judged by its status.
    if !isInspected, isSuccessStatus, let inspect {
      switch inspect(bytes) {
      case .needsMoreBytes: break
      case .acceptable: isInspected = true
      case .refused(let reason):
        refusal = reason
        return false
      }
    }
    return true
  }

  /// Reads one header line; keeps the status and the ETag. A new response (after a 1xx) starts
  /// afresh.
  func header(_ line: String) {
    if line.hasPrefix("HTTP/") {
      etag = nil
      received = 0
      let status = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
      isSuccessStatus = (200..<300).contains(status)
      return
    }
    guard let colon = line.firstIndex(of: ":") else { return }
    let name = line[..<colon].lowercased()
    guard name == "etag" else { return }
    let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t\r\n")
    if !value.isEmpty, value.count <= 200, !PrintableText.containsControl(value) { etag = value }
  }
}

private func transferBodyWrite(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
  guard let data, let context else { return 0 }
  let body = Unmanaged<TransferBody>.fromOpaque(context).takeUnretainedValue()
  let length = size * count
  return body.append(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// Called by libcurl about once a second at least: a non-zero result aborts the transfer.
private func transferProgress(
  _ context: UnsafeMutableRawPointer?, _: curl_off_t, _: curl_off_t, _: curl_off_t, _: curl_off_t
) -> Int32 {
  guard let context else { return 0 }
  return Unmanaged<TransferBody>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
}

/// A flag that stops transfers, set from any thread.
final class Cancellation: @unchecked Sendable {
  private let condition = Condition()
  private var cancelled = false

  var isCancelled: Bool { condition.withLock { cancelled } }

  func cancel() { condition.withLock { cancelled = true } }
}

private func transferHeaderLine(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
  guard let data, let context else { return 0 }
  let body = Unmanaged<TransferBody>.fromOpaque(context).takeUnretainedValue()
  let length = size * count
  let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
  body.header(line)
  return length
}

extension Substring {
  /// The text without the given characters at either end.
  fileprivate func trimmingCharacters(in characters: String) -> String {
    var text = self[...]
    while let first = text.first, characters.contains(first) { text = text.dropFirst() }
    while let last = text.last, characters.contains(last) { text = text.dropLast() }
    return String(text)
  }
}
