"""Stop and the deadline over TLS: shutting down a TLS socket interrupts a read in
progress as it does for plain TCP (the real service is https://).

A TLS server on 127.0.0.1 with a throw-away certificate trickles its answer; the
client runs on a ``PetDeskTransport`` whose SSL context trusts that certificate.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import socket
import ssl
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from petdesk.api import (
    CancelToken,
    PetStoreClient,
    RequestCancelled,
    RequestPolicy,
    RequestTimeoutError,
)
from petdesk.api.transport import PetDeskTransport
from tests.reliability.conftest import KEY

x509 = pytest.importorskip("cryptography.x509")
hashes = pytest.importorskip("cryptography.hazmat.primitives.hashes")
serialization = pytest.importorskip("cryptography.hazmat.primitives.serialization")
ec = pytest.importorskip("cryptography.hazmat.primitives.asymmetric.ec")

POLICY = RequestPolicy(max_retries=0)


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(x509.oid.NameOID.COMMON_NAME, "127.0.0.1")])
    now = dt.datetime.now(dt.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(minutes=5))
            .not_valid_after(now + dt.timedelta(hours=1))
            .add_extension(x509.SubjectAlternativeName(
                [x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    folder = tmp_path_factory.mktemp("tls")
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_path, key_path


@pytest.fixture
def trickling_tls_server(certificate: tuple[Path, Path]) -> Iterator[int]:
    """Answers one request with headers, then one body byte every 0.2 s."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(*certificate)
    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def serve() -> None:
        listener.settimeout(5)
        try:
            raw, _ = listener.accept()
        except OSError:
            return
        with context.wrap_socket(raw, server_side=True) as conn:
            conn.settimeout(5)
            data = b""
            while b"\r\n\r\n" not in data:
                data += conn.recv(4096)
            body = b'[{"id": 1, "name": "Rex", "categoryId": 1}]'
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                         b"Content-Length: %d\r\n\r\n" % len(body))
            for i in range(len(body)):
                if stop.wait(0.2):
                    return
                try:
                    conn.sendall(body[i:i + 1])
                except OSError:
                    return

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield listener.getsockname()[1]
    stop.set()
    listener.close()
    thread.join(5)


def _client(port: int, cert: Path, timeout: float) -> PetStoreClient:
    context = ssl.create_default_context(cafile=str(cert))
    return PetStoreClient(f"https://127.0.0.1:{port}/v1", KEY, timeout=timeout, policy=POLICY,
                          transport=PetDeskTransport(context))


def test_stop_interrupts_a_tls_read_in_progress(trickling_tls_server: int,
                                                certificate: tuple[Path, Path]) -> None:
    client = _client(trickling_tls_server, certificate[0], timeout=60.0)
    token = CancelToken()
    threading.Timer(0.5, token.cancel).start()
    # The body (44 bytes, one every 0.2 s) takes longer than the guard; the client's
    # timeout (60 s) far longer: only the Stop ends the call within the guard.
    with ThreadPoolExecutor(1) as pool:
        call = pool.submit(client.list_pets, cancel=token)
        with pytest.raises(RequestCancelled):
            call.result(timeout=5)
    client.close()


def test_the_deadline_ends_a_trickled_tls_answer(trickling_tls_server: int,
                                                 certificate: tuple[Path, Path]) -> None:
    # Each byte comes within the timeout; the whole body (8.8 s) does not: only a
    # deadline for the whole attempt ends it with a timeout.
    client = _client(trickling_tls_server, certificate[0], timeout=1.0)
    with pytest.raises(RequestTimeoutError):
        client.list_pets()
    client.close()
