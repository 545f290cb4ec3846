# Homebrew formula for todofmt, installed from the release archives: no Swift toolchain needed. The release
# workflow fills in the repository, the version and each archive's SHA-256 (Scripts/homebrew-formula) and attaches
# the result to the release, for a tap.
class Todofmt < Formula
  desc "Formatter, sorter and command-line companion for Markdown task lists and todo.txt files"
  homepage "@REPOSITORY@"
  version "@VERSION@"
  license "Apache-2.0"

  on_macos do
    url "@REPOSITORY@/releases/download/v@VERSION@/todofmt-@VERSION@-universal-macos.tar.gz"
    sha256 "@SHA256_UNIVERSAL_MACOS@"
    depends_on macos: :tahoe # macOS 26, as Package.swift says
  end

  on_linux do
    on_intel do
      url "@REPOSITORY@/releases/download/v@VERSION@/todofmt-@VERSION@-x86_64-linux.tar.gz"
      sha256 "@SHA256_X86_64_LINUX@"
    end
    on_arm do
      url "@REPOSITORY@/releases/download/v@VERSION@/todofmt-@VERSION@-aarch64-linux.tar.gz"
      sha256 "@SHA256_AARCH64_LINUX@"
    end
  end

  def install
    bin.install "bin/todofmt"
    man1.install "share/man/man1/todofmt.1"
    bash_completion.install "share/bash-completion/completions/todofmt"
    zsh_completion.install "share/zsh/site-functions/_todofmt"
    fish_completion.install "share/fish/vendor_completions.d/todofmt.fish"
  end

  test do
    assert_match "todofmt #{version}", shell_output("#{bin}/todofmt --version")
    (testpath/"TODO.md").write "# Tasks\n\n- [x] Send the invoice\n- [ ] (A) Call the caterer\n"
    system bin/"todofmt", "--sort", "TODO.md"
    assert_equal "# Tasks\n\n- [ ] (A) Call the caterer\n- [x] Send the invoice\n", (testpath/"TODO.md").read
  end
end
